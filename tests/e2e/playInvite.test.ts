import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, api, launchBrowser, signUpViaApi, type Session } from './browser';
import { PHONES, liveCampaign, openAsPlayer, serverEvents } from './player';

// Referral end to end on the real server: the inviter's page shows a deep link carrying their
// code; the invitee's phone opens it (the redirector records the click and sends the phone to
// the store); the app, once installed, reports the install (attributed to that click) and the
// registration through the SDK API; the scheduler decides the invite and the inviter's page shows
// the counted invite and the prize.

let browser: Browser;
let session: Session;
let projectId = '';
let campaignId = '';
let accessKey = '';
let apiSecret = '';
const stamp = Date.now().toString(36).slice(-6);
const text = (en: string, zh: string) => ({ 'en-US': en, 'zh-CN': zh });

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('inviter', 'Invite Works'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Invite', domainPrefix: `iv${stamp}` },
      token: session.token,
    })
  ).id;
  ({ accessKey, apiSecret } = await api<{ accessKey: string; apiSecret: string }>('GET', '/api/access-key', {
    token: session.token,
    projectId,
  }));
  const { id: templateId } = await api<{ id: string }>('POST', '/api/link-templates', {
    token: session.token,
    projectId,
    body: {
      name: 'main',
      android: { stores: ['google-play'], packageNames: 'com.example.app' },
      ios: { appStoreUrl: 'https://apps.apple.com/app/id123456789' },
      webFirst: false,
      wechatLanding: false,
      clickAttribution: 'last',
      attributionWindowDays: 7,
    },
  });
  const link = await api<{ id: string }>('POST', '/api/links', {
    token: session.token,
    projectId,
    body: { name: 'invite', templateId, redirectMode: 'template' },
  });
  campaignId = await liveCampaign(session, projectId, 'referral', {
    title: `Invite-${stamp}`,
    inviteRules: ['download', 'register'],
    newUserDefinition: 'new-device',
    prizes: [
      {
        id: 'welcome',
        name: text('Welcome pack', '新人礼包'),
        deliveryType: 'system',
        isThank: false,
        stock: 10,
      },
      {
        id: 'thanks',
        name: text('Referral bonus', '邀请奖励'),
        deliveryType: 'system',
        isThank: false,
        stock: 10,
      },
    ],
    newUserPrizeId: 'welcome',
    perInvitePrizeId: 'thanks',
    ladder: [],
    inviteLinkId: link.id,
  });
});

afterAll(async () => {
  await browser?.close();
});

async function sdk(path: string, body: unknown) {
  const answer = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-key': accessKey },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

describe('referral', () => {
  it("takes an invitee from the inviter's link through the install and registration to the inviter's reward", async () => {
    const inviter = await openAsPlayer(browser, { session, projectId }, campaignId, `amy-${stamp}`);
    const { page } = inviter;
    expect(await page.getByTestId('play-page').getAttribute('data-renderer')).toBe('invite');
    await page.getByText('Your friend gets: Welcome pack').waitFor();
    const url = page.getByRole('textbox', { name: 'Your invite link' });
    const link = await url.inputValue();
    expect(new URL(link).hostname).toBe(`iv${stamp}.localhost`);
    await page.getByRole('img', { name: 'QR code of your invite link' }).waitFor();
    expect(await page.getByTestId('invite-invited').textContent()).toBe('0');

    // The friend's Android phone opens the link: the redirector records the click and sends the
    // phone to the store.
    const friend = await browser.newContext({ ...PHONES.pixel, hasTouch: true, isMobile: true });
    try {
      const phone = await friend.newPage();
      const store = phone.waitForRequest((r) => r.url().startsWith('https://play.google.com/'));
      await phone.goto(link).catch(() => undefined);
      await store;
    } finally {
      await friend.close();
    }
    // The app, installed, reports the install (matched to the click) and the registration.
    const device = `pixel-${stamp}`;
    const attributed = await sdk('/api/sdk/v1/attribution', {
      type: 'install',
      deviceId: device,
      platform: 'android',
      userAgent: PHONES.pixel.userAgent,
    });
    expect(attributed).toMatchObject({
      matched: true,
      params: { inviter: expect.any(String), campaign: campaignId },
    });
    // The customer's server confirms the registration (the referral takes the server's word only).
    const registered = await serverEvents({ accessKey, apiSecret }, [
      {
        eventId: `reg-${stamp}`,
        name: 'register',
        deviceId: device,
        userId: `ben-${stamp}`,
        platform: 'android',
        time: new Date().toISOString(),
      },
    ]);
    expect(registered.status, await registered.clone().text()).toBe(200);

    // The scheduler decides within seconds; the inviter's page shows the counted invite and prize.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('invite').waitFor();
          return page.getByTestId('invite-qualified').textContent();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('1');
    await page.getByText('Referral bonus').first().waitFor();
    await page.locator('.gp-invite-recent').getByText('Counted').waitFor();
    expect(inviter.errors).toEqual([]);
    await inviter.close();

    // The friend, opening the campaign from the app as themselves, holds the welcome pack.
    const invitee = await openAsPlayer(browser, { session, projectId }, campaignId, `ben-${stamp}`, 'pixel');
    await invitee.page.getByText('Welcome pack').first().waitFor();
    await invitee.close();
  });
});
