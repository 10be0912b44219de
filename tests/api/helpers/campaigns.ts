import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Answer } from './api';
import type { SignedIn } from './accounts';

export interface RegistryTemplate {
  kind: 'gameplay' | 'sub-activity';
  mark: string;
  goals: string[];
  name: string;
  config: Record<string, unknown>;
}

/** Every template of every gameplay or sub-activity, read from the registry over HTTP. */
export async function registryTemplates(
  app: FastifyInstance,
  kind: 'gameplay' | 'sub-activity',
): Promise<RegistryTemplate[]> {
  const answer = await call<{
    entries: {
      mark: string;
      meta: { goals?: string[] };
      templates: { name: string; config: Record<string, unknown> }[];
    }[];
  }>(app, 'GET', `/api/schemas?kind=${kind}`);
  expect(answer.status).toBe(200);
  return answer.body.data.entries.flatMap((entry) =>
    entry.templates.map((t) => ({
      kind,
      mark: entry.mark,
      goals: entry.meta.goals ?? [],
      name: t.name,
      config: structuredClone(t.config),
    })),
  );
}

/** One template config (a deep copy), e.g. `templateConfig(app, 'gameplay', 'lucky-wheel', 'classic')`. */
export async function templateConfig(
  app: FastifyInstance,
  kind: 'gameplay' | 'sub-activity',
  mark: string,
  name: string,
): Promise<Record<string, unknown>> {
  const found = (await registryTemplates(app, kind)).find((t) => t.mark === mark && t.name === name);
  if (!found) throw new Error(`no template ${kind}/${mark}/${name}`);
  return found.config;
}

export interface CampaignView {
  id: string;
  status: string;
  actions: string[];
  title: string;
  onlineAt: string | null;
  parentId: string | null;
  config: Record<string, unknown>;
  link: string;
  [key: string]: unknown;
}

/** Creates a campaign through the API; fails the test unless it is created. */
export async function createCampaign(
  app: FastifyInstance,
  by: SignedIn,
  projectId: string,
  body: {
    area?: 'growth' | 'ads';
    kind?: 'gameplay' | 'sub-activity';
    mark: string;
    templateMark?: string;
    parentId?: string;
    config: unknown;
  },
): Promise<CampaignView> {
  const answer = await call<CampaignView>(app, 'POST', '/api/campaigns', {
    token: by.token,
    projectId,
    body: { area: 'growth', kind: 'gameplay', ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** A campaign action (prerelease, goOnline, goOffline, disableWhitelist). */
export function campaignAction(
  app: FastifyInstance,
  by: SignedIn,
  projectId: string,
  id: string,
  action: string,
  at?: string,
  lang?: 'en' | 'zh-cn',
): Promise<Answer<CampaignView>> {
  return call<CampaignView>(app, 'POST', `/api/campaigns/${id}/actions`, {
    token: by.token,
    projectId,
    lang,
    body: at === undefined ? { action } : { action, at },
  });
}

/** A config whose activity runs from `start` for `days` days (UTC). */
export function withTimes(config: Record<string, unknown>, start: Date, days = 30): Record<string, unknown> {
  const end = new Date(start.getTime() + days * 86_400_000);
  const out: Record<string, unknown> = {
    ...config,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
  };
  delete out.onlineAt;
  delete out.offlineAt;
  if (out.preheat && typeof out.preheat === 'object') out.preheat = { enabled: false };
  return out;
}
