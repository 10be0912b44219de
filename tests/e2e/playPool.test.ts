import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, launchBrowser, signUpViaApi, type Session } from './browser';
import { iso, liveCampaign, openAsPlayer, serverEvents } from './player';

// The coin pool on a phone: the app reports a task event through the SDK, the player sees the
// coins it earned and stakes some into the running round.

let browser: Browser;
let session: Session;
let projectId = '';
let campaignId = '';
let accessKey = '';
let apiSecret = '';
const stamp = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('pooler', 'Pool Works'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Pool', domainPrefix: `pl${stamp}` },
      token: session.token,
    })
  ).id;
  ({ accessKey, apiSecret } = await api<{ accessKey: string; apiSecret: string }>('GET', '/api/access-key', {
    token: session.token,
    projectId,
  }));
  await api('POST', '/api/events', {
    token: session.token,
    projectId,
    body: { key: 'sign_in', name: 'Sign in' },
  });
  campaignId = await liveCampaign(session, projectId, 'coin-pool', {
    title: `Pool-${stamp}`,
    drawTime: iso(Date.now() + 2 * 3_600_000),
    roundHours: 24,
    claimValidHours: 2,
    pool: { total: 1000, perUserMax: 0 },
    tasks: [
      { id: 'sign', title: { 'en-US': 'Sign in daily', 'zh-CN': '每日签到' }, event: 'sign_in', coins: 20 },
    ],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('coin pool', () => {
  it('shows the coins a task event earned and stakes some into the round', async () => {
    const user = `amy-${stamp}`;
    const sent = await serverEvents({ accessKey, apiSecret }, [
      {
        eventId: `s-${stamp}`,
        name: 'sign_in',
        deviceId: `${user}-phone`,
        userId: user,
        platform: 'ios',
        time: new Date().toISOString(),
      },
    ]);
    expect(sent.status).toBe(200);
    const player = await openAsPlayer(browser, { session, projectId }, campaignId, user);
    const { page } = player;
    expect(await page.getByTestId('play-page').getAttribute('data-renderer')).toBe('pool');
    await expect.poll(() => page.getByTestId('pool-balance').textContent()).toBe('20');
    await page.getByText('Done this round').waitFor();
    await page.getByRole('textbox', { name: 'Coins to stake' }).fill('15');
    const staked = page.waitForResponse((r) => r.url().endsWith('/actions/stake'));
    await page.getByRole('button', { name: 'Stake coins' }).tap();
    expect((await staked).status()).toBe(200);
    await page.getByText('Staked: 15 coins').waitFor();
    await expect.poll(() => page.getByTestId('pool-staked').textContent()).toBe('15');
    expect(await page.getByTestId('pool-balance').textContent()).toBe('5');
    expect(player.errors).toEqual([]);
    await player.close();
  });
});
