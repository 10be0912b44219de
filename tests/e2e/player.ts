import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { BASE_URL, api, type Session } from './browser';

/** Phones the participant pages are tested on. */
export const PHONES = {
  iphone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  pixel: {
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  },
} as const;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A running campaign of a gameplay, made from its first template with `fields` over it: started
 * an hour ago, two days to go, in GMT and English, put online.
 */
export async function liveCampaign(
  session: Session,
  projectId: string,
  mark: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const entry = await api<{ templates: Array<{ name: string; config: Record<string, unknown> }> }>(
    'GET',
    `/api/schemas/gameplay/${mark}`,
    { token: session.token, projectId },
  );
  const template = entry.templates[0];
  const hour = 3_600_000;
  const config = {
    ...template.config,
    startTime: iso(Date.now() - hour),
    endTime: iso(Date.now() + 48 * hour),
    timezone: 'GMT',
    defaultLanguage: 'en-US',
    ...fields,
  };
  const { id } = await api<{ id: string }>('POST', '/api/campaigns', {
    body: { area: 'growth', kind: 'gameplay', mark, templateMark: template.name, config },
    token: session.token,
    projectId,
  });
  await api('POST', `/api/campaigns/${id}/actions`, {
    body: { action: 'goOnline' },
    token: session.token,
    projectId,
  });
  return id;
}

export { iso };

export interface PlayerPage {
  page: Page;
  /** Uncaught errors of the page so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A player on a phone (touch, phone viewport and user agent) opening the campaign page from a
 * hand-off signed as the customer's server would (docs/integration-guide.md).
 */
export async function openAsPlayer(
  browser: Browser,
  owner: {
    session: Session;
    projectId: string;
    /** The project's API secret when the caller has it (a moved server clock outlives console sessions). */
    apiSecret?: string;
    /** The server's clock (ms) when a test has moved it (POST /api/test/clock). */
    serverNow?: () => number;
  },
  campaignId: string,
  userId: string,
  phone: keyof typeof PHONES = 'iphone',
  /** More of the page's query (`?gift=...`), as a link a friend sent would carry. */
  extraQuery = '',
): Promise<PlayerPage> {
  const apiSecret =
    owner.apiSecret ??
    (
      await api<{ apiSecret: string }>('GET', '/api/access-key', {
        token: owner.session.token,
        projectId: owner.projectId,
      })
    ).apiSecret;
  const exp = Math.floor((owner.serverNow?.() ?? Date.now()) / 1000) + 600;
  const sig = createHmac('sha256', apiSecret).update(`${campaignId}.${userId}.${exp}`).digest('base64url');
  const context = await browser.newContext({
    baseURL: BASE_URL,
    ...PHONES[phone],
    hasTouch: true,
    isMobile: true,
    locale: 'en-US',
  });
  // Phones share the machine's two cores with the server and other pages: slow is not wrong.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const more = extraQuery.replace(/^\?/, '');
  await page.goto(`/p/${campaignId}?u=${userId}&exp=${exp}&sig=${sig}${more ? `&${more}` : ''}`);
  await page.getByTestId('play-page').waitFor();
  return { page, errors, close: () => context.close() };
}

/**
 * Events as the project's server reports them: the SDK's batch, signed with the project's API
 * secret (Standard Webhooks), so they move progress that takes the server's word only.
 */
export async function serverEvents(
  keys: { accessKey: string; apiSecret: string },
  events: unknown[],
): Promise<Response> {
  const body = JSON.stringify({ events });
  const id = `msg_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2)}`;
  const at = new Date();
  return fetch(`${BASE_URL}/api/server/v1/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-access-key': keys.accessKey,
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(keys.apiSecret).sign(id, at, body),
    },
    body,
  });
}
