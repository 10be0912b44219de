import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';
import { iso, liveCampaign, openAsPlayer } from './player';

// Match prediction end to end: a player picks on a phone (final picks), the operator enters the
// result in the console and settles, and the player sees the result and the prize.

let browser: Browser;
let session: Session;
let projectId = '';
let campaignId = '';
const stamp = Date.now().toString(36).slice(-6);
const text = (en: string, zh: string) => ({ 'en-US': en, 'zh-CN': zh });

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('predictor', 'Predict Works'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Predict', domainPrefix: `pr-${stamp}` },
      token: session.token,
    })
  ).id;
  campaignId = await liveCampaign(session, projectId, 'match-prediction', {
    title: `Final-${stamp}`,
    // Picks close 20 s after the campaign is made, so the operator can settle in the test.
    drawTime: iso(Date.now() + 20_000),
    mode: 'prediction',
    settlement: 'each',
    matches: [
      {
        id: 'final',
        title: text('Cup final', '决赛'),
        options: [
          { id: 'red', label: text('Red wins', '红队胜') },
          { id: 'blue', label: text('Blue wins', '蓝队胜') },
        ],
      },
    ],
    prizes: [
      { id: 'shirt', name: text('Team shirt', '球衣'), deliveryType: 'system', isThank: false, stock: 5 },
    ],
  });
});

afterAll(async () => {
  await browser?.close();
});

const player = (userId: string) => openAsPlayer(browser, { session, projectId }, campaignId, userId);

describe('match prediction', () => {
  it('takes a final pick on a phone; the operator enters the result and settles; the player wins', async () => {
    const fan = await player(`fan-${stamp}`);
    try {
      const { page } = fan;
      expect(await page.getByTestId('play-page').getAttribute('data-renderer')).toBe('predict');
      const card = page.locator('[data-testid="predict-match"][data-match-id="final"]');
      await card.getByText('Cup final').waitFor();
      await card.locator('[data-testid="predict-option"][data-option-id="red"]').tap();
      expect(
        await card
          .locator('[data-testid="predict-option"][data-option-id="red"]')
          .getAttribute('aria-pressed'),
      ).toBe('true');
      const picked = page.waitForResponse((r) => r.url().endsWith('/actions/predict'));
      await card.getByTestId('predict-confirm').tap();
      expect((await picked).status()).toBe(200);
      await card.getByText('Your pick').waitFor();
      // A pick is final: no confirm button any more.
      await expect.poll(() => card.getByTestId('predict-confirm').count()).toBe(0);
      expect(fan.errors).toEqual([]);
    } finally {
      await fan.close();
    }

    // The operator enters the result in the console once picks have closed, and settles.
    const { page: consolePage, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/detail/${campaignId}`,
      session,
      projectId,
    );
    const predictCard = consolePage.getByTestId('predict-card');
    await predictCard.waitFor();
    const match = predictCard.locator('[data-testid="predict-match"][data-match-id="final"]');
    await match.getByTestId('predict-result-select').click();
    await consolePage.getByTitle('Red wins').click();
    await match.getByTestId('predict-save-result').click();
    await consolePage.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => match.textContent()).toContain('Red wins');
    // Picks close 20 s after the campaign was made; settle once they have.
    const closesAt = Date.parse(
      (
        await api<{ closesAt: string }>('GET', `/api/campaigns/${campaignId}/predict`, {
          token: session.token,
          projectId,
        })
      ).closesAt,
    );
    await consolePage.waitForTimeout(Math.max(0, closesAt - Date.now() + 500));
    await predictCard.getByTestId('predict-settle').click();
    await consolePage.getByRole('button', { name: 'OK' }).click();
    await predictCard.getByTestId('predict-settlement').waitFor();
    await expect.poll(() => predictCard.getByTestId('predict-settlement').textContent()).toMatch(/1 winner/);
    expect(pageErrors).toEqual([]);

    // The player comes back: the result is marked and the prize is theirs.
    const back = await player(`fan-${stamp}`);
    try {
      await back.page.getByTestId('predict-result').first().waitFor();
      await back.page.getByTestId('my-prizes').getByText('Team shirt').waitFor();
    } finally {
      await back.close();
    }
  }, 300_000);
});
