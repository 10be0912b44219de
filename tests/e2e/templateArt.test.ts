import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localizeTemplate } from '../../src/engine/registry/localizeTemplate';
import { api, launchBrowser, signUpViaApi, type Session } from './browser';
import { openAsPlayer } from './player';

// Every gameplay and sub-activity template, as a new operator's first campaign: made from the
// template through the API, running, opened by a player on a phone. Every picture the page shows
// (img elements, the wheel's prize images, CSS backgrounds) has loaded, the template's own artwork
// is among them, and a phone screenshot per template goes to test-results/template-art/ to look at.
// The templates are listed from the registry, so a new folder is covered without editing this file.
// Campaigns are made in English, as an English-speaking operator starts them (the machine running
// the browser tests may have no CJK fonts).

type Config = Record<string, unknown>;
interface Template {
  kind: 'gameplay' | 'sub-activity';
  mark: string;
  name: string;
  /** The folder's mechanic (meta.json `play`). */
  mechanic: string;
  config: Config;
}

const SHOTS = join(process.cwd(), 'test-results', 'template-art');
const HOUR = 3_600_000;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const stamp = Date.now().toString(36).slice(-6);

let browser: Browser;
let session: Session;
let projectId = '';
let apiSecret = '';
const parents = new Map<string, Promise<string>>();
let templates: Template[] = [];

/** Every date-time of a config, moved by the same amount so its earliest is an hour ago. */
function running(config: Config): Config {
  const times: number[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && DATE_TIME.test(value)) times.push(Date.parse(value));
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(config);
  const shift = Date.now() - HOUR - Math.min(...times);
  const move = (value: unknown): unknown => {
    if (typeof value === 'string' && DATE_TIME.test(value))
      return new Date(Date.parse(value) + shift).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (Array.isArray(value)) return value.map(move);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, move(v)]));
    return value;
  };
  return move(config) as Config;
}

/** Every `/schema-assets/...` address a config names. */
function assetsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.startsWith('/schema-assets/')) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => assetsOf(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => assetsOf(v, out));
  return out;
}

/**
 * The campaign a sub-activity is bound to: a running gameplay of the same mechanic when there is
 * one (an invite contest beside a referral), else of the first gameplay; one per gameplay.
 */
function parentOf(template: Template): Promise<string> {
  const gameplays = templates.filter((t) => t.kind === 'gameplay');
  const parent = gameplays.find((t) => t.mechanic === template.mechanic) ?? gameplays[0];
  let made = parents.get(parent.mark);
  if (!made) {
    made = campaignOf(parent);
    parents.set(parent.mark, made);
  }
  return made;
}

/** A running campaign made from a template (a sub-activity bound to its parent campaign). */
async function campaignOf(template: Template): Promise<string> {
  const config = running(template.config);
  const sub = template.kind === 'sub-activity';
  const parentId = sub ? await parentOf(template) : '';
  if (sub) config.boundCampaignId = parentId;
  const { id } = await api<{ id: string }>('POST', '/api/campaigns', {
    body: {
      area: 'growth',
      kind: template.kind,
      mark: template.mark,
      templateMark: template.name,
      ...(sub ? { parentId } : {}),
      config,
    },
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

interface Shown {
  /** Addresses of the pictures the page shows, as written in the page. */
  urls: string[];
  /** Those that did not load (img not complete or 0 wide, a background or SVG image that fails). */
  broken: string[];
  /** The page background's address. */
  background: string | null;
}

/** Every picture the page shows, and whether each loaded. */
async function picturesOf(page: Page): Promise<Shown> {
  return page.evaluate(async () => {
    const root = document.querySelector('[data-testid="play-page"]') ?? document.body;
    const urls = new Set<string>();
    const broken: string[] = [];
    const imgs = [...root.querySelectorAll('img')];
    for (const img of imgs) {
      if (!img.complete) await new Promise((done) => img.addEventListener('load', done, { once: true }));
      const src = img.getAttribute('src') ?? '';
      urls.add(src);
      if (!img.complete || img.naturalWidth === 0) broken.push(src);
    }
    const others = new Set<string>();
    for (const el of root.querySelectorAll('*')) {
      for (const match of getComputedStyle(el).backgroundImage.matchAll(/url\("([^"]+)"\)/g))
        others.add(match[1]);
    }
    for (const image of root.querySelectorAll('svg image')) others.add(image.getAttribute('href') ?? '');
    for (const url of others) {
      const path = url.startsWith(location.origin) ? url.slice(location.origin.length) : url;
      urls.add(path);
      const ok = await new Promise<boolean>((done) => {
        const probe = new Image();
        probe.onload = () => done(probe.naturalWidth > 0);
        probe.onerror = () => done(false);
        probe.src = url;
      });
      if (!ok) broken.push(path);
    }
    const bg = document.querySelector('[data-testid="page-background"]');
    const bgUrl = bg ? /url\("([^"]+)"\)/.exec(getComputedStyle(bg).backgroundImage)?.[1] : undefined;
    return {
      urls: [...urls],
      broken,
      background: bgUrl ? bgUrl.replace(location.origin, '') : null,
    };
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('art', 'Template Art'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Art', domainPrefix: `art${stamp}` },
      token: session.token,
    })
  ).id;
  apiSecret = (
    await api<{ apiSecret: string }>('GET', '/api/access-key', { token: session.token, projectId })
  ).apiSecret;
  const { entries } = await api<{
    entries: Array<{ kind: string; mark: string; meta: { play?: { mechanic: string } } }>;
  }>('GET', '/api/schemas', {
    token: session.token,
  });
  for (const entry of entries) {
    if (entry.kind !== 'gameplay' && entry.kind !== 'sub-activity') continue;
    const one = await api<{
      templates: Array<{ name: string; config: Config }>;
      locales: Record<string, Record<string, string>>;
    }>('GET', `/api/schemas/${entry.kind}/${entry.mark}`, { token: session.token });
    for (const t of one.templates) {
      const config = localizeTemplate(t.name, t.config, one.locales, 'en-US');
      if (entry.kind === 'gameplay') config.defaultLanguage = 'en-US';
      templates.push({
        kind: entry.kind,
        mark: entry.mark,
        name: t.name,
        mechanic: entry.meta.play?.mechanic ?? '',
        config,
      });
    }
  }
  templates = templates.sort((a, b) =>
    `${a.kind}/${a.mark}/${a.name}`.localeCompare(`${b.kind}/${b.mark}/${b.name}`),
  );
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('template artwork on a phone', () => {
  it('shows every template with its artwork loaded, and saves a phone screenshot of each', async () => {
    expect(templates.some((t) => t.kind === 'gameplay')).toBe(true);
    expect(templates.some((t) => t.kind === 'sub-activity')).toBe(true);
    const problems: string[] = [];
    const covered: string[] = [];
    const queue = [...templates];
    // A few phones at once on the one server.
    const worker = async () => {
      for (let template = queue.shift(); template; template = queue.shift()) {
        const label = `${template.kind}-${template.mark}-${template.name}`;
        const named = assetsOf(template.config);
        if (named.size === 0) problems.push(`${label}: the template names no artwork`);
        const id = await campaignOf(template);
        const player = await openAsPlayer(browser, { session, projectId, apiSecret }, id, `art-${label}`);
        const failed: string[] = [];
        player.page.on('response', (response) => {
          if (response.url().includes('/schema-assets/') && response.status() !== 200)
            failed.push(`${response.status()} ${response.url()}`);
        });
        try {
          const { page } = player;
          await page.waitForLoadState('networkidle');
          const shown = await picturesOf(page);
          for (const url of shown.broken) problems.push(`${label}: ${url} did not load`);
          for (const line of failed) problems.push(`${label}: ${line}`);
          if (!shown.urls.some((url) => named.has(url)))
            problems.push(`${label}: the page shows none of the template's artwork`);
          const background = template.config.backgroundImage;
          if (typeof background === 'string' && shown.background !== background)
            problems.push(`${label}: the page background is ${shown.background}, not ${background}`);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > 390) problems.push(`${label}: the page is ${width} px wide on a 390 px phone`);
          if (player.errors.length) problems.push(`${label}: page errors ${player.errors.join('; ')}`);
          await page.screenshot({ path: join(SHOTS, `${label}.png`) });
          covered.push(`${template.kind}/${template.mark} (${template.name})`);
        } finally {
          await player.close();
        }
      }
    };
    await Promise.all(Array.from({ length: 3 }, worker));
    console.log(`[template art] ${covered.length} templates on a phone:\n  ${covered.sort().join('\n  ')}`);
    expect(problems).toEqual([]);
    expect(covered).toHaveLength(templates.length);
  }, 300_000);
});
