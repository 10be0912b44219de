import { createHmac } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, api, launchBrowser, signUpViaApi, type Session } from './browser';

// A product person adds a gameplay by adding one folder that reuses the draw mechanic and the
// boxes renderer: the running server (it watches its schemas copy) lists it, the API takes a
// campaign of it, and a phone plays it, with no code and no rebuild.

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const stamp = Date.now().toString(36).slice(-6);
const mark = `gift-boxes-${stamp}`;

let browser: Browser;
let session: Session;
let folder = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('boxes', 'Box Makers'));
});

afterAll(async () => {
  await browser?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('a new gameplay folder reusing the draw mechanic', () => {
  it('is playable on a phone without code or a rebuild', async () => {
    const schemasDir = process.env.E2E_SCHEMAS_DIR;
    expect(schemasDir, 'scripts/e2e.mjs passes the server schemas directory').toBeTruthy();
    folder = join(schemasDir!, 'gameplays', mark);
    cpSync(join(schemasDir!, 'gameplays', 'blind-box'), folder, { recursive: true });
    const metaPath = join(folder, 'meta.json');
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Record<string, unknown>;
    writeFileSync(
      metaPath,
      JSON.stringify({ ...meta, mark, play: { mechanic: 'draw', renderer: 'boxes' } }, null, 2),
    );

    const token = session.token;
    const projectId = (
      await api<{ id: string }>('POST', '/api/projects', {
        body: { name: 'Boxes', domainPrefix: `bx-${stamp}` },
        token,
      })
    ).id;
    // The server picks the folder up by itself.
    let entry:
      { meta: { play: unknown }; templates: { name: string; config: Record<string, unknown> }[] } | undefined;
    await expect
      .poll(
        async () => {
          try {
            entry = await api('GET', `/api/schemas/gameplay/${mark}`, { token, projectId });
            return true;
          } catch {
            return false;
          }
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(entry?.meta.play).toEqual({ mechanic: 'draw', renderer: 'boxes' });
    const template = entry!.templates[0];
    const hour = 3_600_000;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const prizes = (template.config.prizes as Record<string, unknown>[]).map((prize, i) =>
      prize.isThank === true
        ? prize
        : { ...prize, odds: i === 0 ? 100 : 0, unlimitedStock: true, perUserMax: 0, isSuper: false },
    );
    const winner = String(prizes.find((p) => p.isThank !== true)?.id);
    const campaign = await api<{ id: string }>('POST', '/api/campaigns', {
      body: {
        area: 'growth',
        kind: 'gameplay',
        mark,
        config: {
          ...template.config,
          title: `Boxes-${stamp}`,
          startTime: iso(Date.now() - hour),
          endTime: iso(Date.now() + 48 * hour),
          timezone: 'GMT',
          prizes,
        },
      },
      token,
      projectId,
    });
    await api('POST', `/api/campaigns/${campaign.id}/actions`, {
      body: { action: 'goOnline' },
      token,
      projectId,
    });

    const { apiSecret } = await api<{ apiSecret: string }>('GET', '/api/access-key', { token, projectId });
    const userId = `boxer-${stamp}`;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const sig = createHmac('sha256', apiSecret).update(`${campaign.id}.${userId}.${exp}`).digest('base64url');
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 412, height: 915 },
      hasTouch: true,
      isMobile: true,
      userAgent: PHONE_UA,
      locale: 'en-US',
    });
    const page = await context.newPage();
    try {
      await page.goto(`/p/${campaign.id}?u=${userId}&exp=${exp}&sig=${sig}`);
      await page.getByTestId('boxes').waitFor();
      const drawn = page.waitForResponse(
        (r) => r.url().includes('/actions/draw') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Box 2' }).tap();
      const answer = (await (await drawn).json()) as { data: { result: { prize: { id: string } } } };
      expect(answer.data.result.prize.id).toBe(winner);
      await expect.poll(() => page.getByTestId('play-result').getAttribute('data-prize-id')).toBe(winner);
    } finally {
      await context.close();
    }
  });
});
