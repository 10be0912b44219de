import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, api, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';

// The player's side of a lucky wheel, on a phone: the customer's server signs a hand-off, the
// player opens the page from it, spins three times and sees the wheel stop on the prize the
// server drew each time, then fills in the reward form of the prize; the operator finds the
// submission in the console's form list.

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let browser: Browser;
let session: Session;
let token = '';
let projectId = '';
let campaignId = '';
let formId = '';
const stamp = Date.now().toString(36).slice(-6);
const FORM_TITLE = `Delivery ${stamp}`;

interface Template {
  name: string;
  config: { prizes: Array<Record<string, unknown>>; chances: Record<string, unknown> } & Record<
    string,
    unknown
  >;
}

/** The hand-off a customer's server signs: base64url(HMAC-SHA256(apiSecret, "campaignId.userId.exp")). */
function signHandoff(secret: string, campaign: string, userId: string, exp: number): string {
  return createHmac('sha256', secret).update(`${campaign}.${userId}.${exp}`).digest('base64url');
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('player', 'Wheel Players'));
  token = session.token;
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Play', domainPrefix: `pl-${stamp}` },
      token,
    })
  ).id;
  formId = (
    await api<{ id: string }>('POST', '/api/reward-forms', {
      body: {
        title: FORM_TITLE,
        items: [
          { label: 'Name', type: 'text', required: true },
          { label: 'Phone', type: 'phone', required: true },
          { label: 'Address', type: 'address' },
        ],
      },
      token,
      projectId,
    })
  ).id;

  // The classic lucky wheel, running; its third prize (not the first sector, so a wheel that
  // ignored the answer would stop elsewhere) carries the form and wins every draw.
  const entry = await api<{ templates: Template[] }>('GET', '/api/schemas/gameplay/lucky-wheel', {
    token,
    projectId,
  });
  const template = entry.templates.find((candidate) => candidate.name === 'classic') ?? entry.templates[0];
  const regular = template.config.prizes.filter((prize) => prize.isThank !== true);
  expect(regular.length).toBeGreaterThanOrEqual(3);
  const winner = String(regular[2].id);
  const hour = 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const config = {
    ...template.config,
    title: `Spin-${stamp}`,
    startTime: iso(Date.now() - hour),
    endTime: iso(Date.now() + 48 * hour),
    timezone: 'GMT',
    chances: { ...template.config.chances, initialCount: 5, dailyFree: 0 },
    prizes: template.config.prizes.map((prize) =>
      prize.isThank === true
        ? prize
        : prize.id === winner
          ? { ...prize, odds: 100, unlimitedStock: true, perUserMax: 0, isSuper: false, formId }
          : { ...prize, odds: 0 },
    ),
  };
  const campaign = await api<{ id: string }>('POST', '/api/campaigns', {
    body: { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', templateMark: template.name, config },
    token,
    projectId,
  });
  campaignId = campaign.id;
  await api('POST', `/api/campaigns/${campaignId}/actions`, {
    body: { action: 'goOnline' },
    token,
    projectId,
  });
});

afterAll(async () => {
  await browser?.close();
});

/** The prize id of the wheel sector under the top pointer, from the wheel's final rotation. */
async function sectorUnderPointer(page: Page): Promise<string | null> {
  return page.getByTestId('wheel').evaluate((wheel) => {
    const angle = Number(wheel.getAttribute('data-angle'));
    const sectors = [...wheel.querySelectorAll('[data-sector-index]')];
    const step = 360 / sectors.length;
    const index = Math.round((((-angle % 360) + 360) % 360) / step) % sectors.length;
    return sectors[index].getAttribute('data-sector-prize');
  });
}

/** The rotation the browser really draws the wheel at (degrees, 0..360), from its computed transform. */
async function drawnRotation(page: Page): Promise<number> {
  return page.locator('.gp-wheel-disc').evaluate((disc) => {
    const { a, b } = new DOMMatrix(getComputedStyle(disc).transform);
    return ((((Math.atan2(b, a) * 180) / Math.PI) % 360) + 360) % 360;
  });
}

describe('participant page on a phone', () => {
  it('spins to the drawn prize three times and takes the reward form; the console lists the submission', async () => {
    const { apiSecret } = await api<{ apiSecret: string }>('GET', '/api/access-key', { token, projectId });
    expect(apiSecret).toBeTruthy();
    const userId = `player-${stamp}`;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const sig = signHandoff(apiSecret, campaignId, userId, exp);

    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      hasTouch: true,
      isMobile: true,
      userAgent: PHONE_UA,
      locale: 'en-US',
      // The real spin: the wheel's CSS transition runs to its end.
      reducedMotion: 'no-preference',
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      const sessionAnswer = page.waitForResponse((r) => r.url().endsWith('/api/play/v1/sessions'));
      await page.goto(`/p/${campaignId}?u=${userId}&exp=${exp}&sig=${sig}&ch=spring`);
      const opened = (await (await sessionAnswer).json()) as { data: { participant: { userId: string } } };
      expect(opened.data.participant.userId).toBe(userId);
      await page.getByTestId('play-page').waitFor();
      // The one-time sign-in left the address bar; the channel stays.
      expect(new URL(page.url()).search).toBe('?ch=spring');
      await expect.poll(() => page.getByTestId('play-state').getAttribute('data-chances')).toBe('5');

      let lastAngle = 0;
      for (let spin = 1; spin <= 3; spin += 1) {
        const drawn = page.waitForResponse(
          (r) =>
            r.url().includes(`/api/play/v1/campaigns/${campaignId}/actions/draw`) &&
            r.request().method() === 'POST',
        );
        await page.getByTestId('draw-button').first().tap();
        const answer = (await (await drawn).json()) as {
          code: number;
          data: { result: { prize: { id: string }; rewardId: string | null } };
        };
        expect(answer.code).toBe(0);
        const prizeId = answer.data.result.prize.id;
        const result = page.getByTestId('play-result');
        await result.waitFor();
        // The dialog shows the drawn prize, the wheel stopped with that prize's sector under
        // the pointer, and it is drawn there (not only told so): the computed rotation matches.
        expect(await result.getAttribute('data-prize-id')).toBe(prizeId);
        expect(await result.getAttribute('data-reward-id')).toBe(answer.data.result.rewardId);
        expect(await sectorUnderPointer(page)).toBe(prizeId);
        const angle = Number(await page.getByTestId('wheel').getAttribute('data-angle'));
        expect(angle - lastAngle).toBeGreaterThanOrEqual(6 * 360);
        lastAngle = angle;
        const off = Math.abs((await drawnRotation(page)) - (angle % 360));
        expect(Math.min(off, 360 - off)).toBeLessThan(0.5);
        await expect
          .poll(() => page.getByTestId('play-state').getAttribute('data-chances'))
          .toBe(String(5 - spin));
        if (spin < 3) await result.getByRole('button', { name: 'OK' }).tap();
      }

      // The third prize's form, straight from the result dialog: a wrong phone first.
      await page.getByTestId('play-result').getByRole('button', { name: 'Fill in the claim form' }).tap();
      const form = page.getByTestId('reward-form');
      await form.getByLabel('Name').fill('Ada Lovelace');
      await form.getByLabel('Phone').fill('call me');
      await page.getByTestId('reward-form-submit').tap();
      await form.getByText('Enter a valid phone number').waitFor();
      await form.getByLabel('Phone').fill('+44 20 7946 0000');
      await form.getByLabel('Address').fill('12 Example Street\nLondon');
      const submitted = page.waitForResponse(
        (r) => r.url().includes('/form') && r.request().method() === 'POST',
      );
      await page.getByTestId('reward-form-submit').tap();
      expect((await submitted).status()).toBe(200);
      await form.waitFor({ state: 'detached' });
      const prizes = page.getByTestId('my-prizes');
      await expect.poll(() => prizes.getByTestId('form-submitted').count()).toBe(1);
      // The other two wins still wait for their forms.
      await expect.poll(() => prizes.getByTestId('claim').count()).toBe(2);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }

    // The operator's form list: one submitted (with the answers), two pending.
    const {
      page: consolePage,
      context: consoleContext,
      pageErrors: consoleErrors,
    } = await openSignedIn(browser, `/rewardFormManage/${projectId}`, session, projectId);
    try {
      const row = consolePage.locator('tr.ant-table-row', { hasText: FORM_TITLE });
      await row.getByText('Submitted 1').waitFor();
      await row.getByText('Pending 2').waitFor();
      await row.getByRole('button', { name: 'Submissions' }).click();
      const drawer = consolePage.locator('.ant-drawer-open');
      await drawer.getByRole('tab', { name: /Submitted/ }).click();
      const entry = drawer.locator('tr', { hasText: 'Ada Lovelace' });
      await entry.getByText(`player-${stamp}`).waitFor();
      await entry.getByText('+44 20 7946 0000').waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await consoleContext.close();
    }
  });
});
