import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, launchBrowser, signUpViaApi, type Session } from './browser';
import { iso, liveCampaign, openAsPlayer, serverEvents } from './player';

// Day after day on a phone: seven days of sign-in with the server's clock moved a day at a time
// (POST /api/test/clock, test servers only), a task of the task center completed by the app's own
// event sent through the SDK, and a roll of the dice board.

const DAY = 86_400_000;
let browser: Browser;
let session: Session;
let projectId = '';
let accessKey = '';
let apiSecret = '';
let movedMs = 0;
const stamp = Date.now().toString(36).slice(-6);

async function moveClock(ms: number) {
  await api('POST', '/api/test/clock', { body: { advanceMs: ms } });
  movedMs += ms;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('signer', 'Sign Works'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Sign', domainPrefix: `sg${stamp}` },
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
    body: { key: 'order_paid', name: 'Order paid' },
  });
});

afterAll(async () => {
  // Later test files see the real time again.
  await api('POST', '/api/test/clock', { body: { reset: true } }).catch(() => undefined);
  await browser?.close();
});

const owner = () => ({ session, projectId, apiSecret, serverNow: () => Date.now() + movedMs });

describe('daily sign-in and tasks', () => {
  it('signs in seven days in a row: each day its reward, the streak, and day 7 the big one', async () => {
    const campaignId = await liveCampaign(session, projectId, 'daily-sign-in', {
      title: `Sign-${stamp}`,
      startTime: iso(Date.now() - 3_600_000),
      endTime: iso(Date.now() + 10 * DAY),
    });
    const user = `amy-${stamp}`;
    for (let day = 1; day <= 7; day++) {
      // A participant session lasts a day: the player opens the page each day, as they would.
      const player = await openAsPlayer(browser, owner(), campaignId, user, day % 2 ? 'iphone' : 'pixel');
      const { page } = player;
      expect(await page.getByTestId('play-page').getAttribute('data-renderer')).toBe('calendar');
      await expect.poll(() => page.locator(`[data-day="${day}"]`).getAttribute('data-state')).toBe('today');
      const signed = page.waitForResponse((r) => r.url().endsWith('/actions/checkIn'));
      await page.getByTestId('checkin-button').tap();
      expect((await signed).status()).toBe(200);
      const result = page.getByTestId('play-result');
      await result.waitFor();
      // Days 1-6 give 10 points, day 7 gives 50; day 3 and day 7 add streak rewards.
      expect(await result.getAttribute('data-prize-id')).toBe(day === 7 ? 'points50' : 'points10');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('checkin-streak').textContent()).toBe(String(day));
      expect(await page.locator(`[data-day="${day}"]`).getAttribute('data-state')).toBe('signed');
      expect(await page.getByTestId('checkin-button').isDisabled()).toBe(true);
      await page.getByText('Signed in today').waitFor();
      expect(player.errors).toEqual([]);
      await player.close();
      if (day < 7) await moveClock(DAY);
    }
  });

  it('completes a task when the app reports its event through the SDK', async () => {
    const campaignId = await liveCampaign(session, projectId, 'task-center', {
      title: `Tasks-${stamp}`,
      startTime: iso(Date.now() + movedMs - 3_600_000),
      endTime: iso(Date.now() + movedMs + 2 * DAY),
      tasks: [
        {
          id: 'order',
          title: { 'en-US': 'Place an order', 'zh-CN': '下单' },
          event: 'order_paid',
          limits: { daily: 1, weekly: 0, total: 0 },
          goButton: { text: { 'en-US': 'Shop', 'zh-CN': '去下单' }, url: 'app://shop' },
          status: 'online',
          period: { mode: 'permanent' },
          prizeId: 'coins',
        },
      ],
    });
    const user = `ben-${stamp}`;
    const player = await openAsPlayer(browser, owner(), campaignId, user, 'pixel');
    const { page } = player;
    const task = page.locator('[data-task="order"]');
    expect(await task.getAttribute('data-status')).toBe('todo');
    const sent = await serverEvents({ accessKey, apiSecret }, [
      {
        eventId: `o-${stamp}`,
        name: 'order_paid',
        deviceId: `${user}-phone`,
        userId: user,
        platform: 'android',
        time: new Date(Date.now() + movedMs).toISOString(),
      },
    ]);
    expect(sent.status).toBe(200);
    await page.reload();
    await expect.poll(() => task.getAttribute('data-status')).toBe('done');
    await page.getByText('Coins').first().waitFor();
    expect(player.errors).toEqual([]);
    await player.close();
  });

  it('rolls the die on the board and walks the token to the cell the server threw', async () => {
    const campaignId = await liveCampaign(session, projectId, 'dice', {
      title: `Dice-${stamp}`,
      startTime: iso(Date.now() + movedMs - 3_600_000),
      endTime: iso(Date.now() + movedMs + 2 * DAY),
      initialDice: 2,
    });
    const player = await openAsPlayer(browser, owner(), campaignId, `cat-${stamp}`, 'iphone');
    const { page } = player;
    expect(await page.getByTestId('play-page').getAttribute('data-renderer')).toBe('board');
    expect(await page.getByTestId('dice-position').textContent()).toBe('0');
    const rolled = page.waitForResponse((r) => r.url().endsWith('/actions/roll'));
    await page.getByTestId('dice-roll').tap();
    const answer = (await (await rolled).json()) as { data: { result: { roll: number; position: number } } };
    const { roll, position } = answer.data.result;
    expect(position).toBe(roll);
    await expect.poll(() => page.getByTestId('dice-face').getAttribute('aria-label')).toBe(String(roll));
    await expect.poll(() => page.getByTestId('dice-position').textContent()).toBe(String(position));
    expect(await page.locator(`[data-cell="${position}"]`).getAttribute('aria-current')).toBe('location');
    expect(player.errors).toEqual([]);
    await player.close();
  });
});
