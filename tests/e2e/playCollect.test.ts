import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, launchBrowser, signUpViaApi, type Session } from './browser';
import { liveCampaign, openAsPlayer } from './player';

// Fragment collection on phones: a player draws pieces (the server picks them), gives one to a
// friend through a link, and the friend, opening that link, takes it.

let browser: Browser;
let session: Session;
let projectId = '';
let campaignId = '';
const stamp = Date.now().toString(36).slice(-6);
const text = (en: string, zh: string) => ({ 'en-US': en, 'zh-CN': zh });

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('collector', 'Collect Works'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Collect', domainPrefix: `co${stamp}` },
      token: session.token,
    })
  ).id;
  campaignId = await liveCampaign(session, projectId, 'fragment-collection', {
    title: `Pieces-${stamp}`,
    fragments: [
      { id: 'sun', name: text('Sun', '太阳'), odds: 60 },
      { id: 'moon', name: text('Moon', '月亮'), odds: 40 },
    ],
    prizes: [
      {
        id: 'sky',
        name: text('Sky prize', '天空奖'),
        deliveryType: 'system',
        isThank: false,
        stock: 3,
        fragmentCount: 2,
      },
    ],
    chances: { initialCount: 3, dailyFree: 0 },
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('fragment collection', () => {
  it('draws pieces on a phone and passes one to a friend through a gift link', async () => {
    const ann = await openAsPlayer(browser, { session, projectId }, campaignId, `ann-${stamp}`);
    const { page } = ann;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    expect(await page.getByTestId('play-page').getAttribute('data-renderer')).toBe('fragments');
    const pieces = page.locator('.gp-collect-piece');
    await expect.poll(() => pieces.count()).toBe(2);
    for (let i = 0; i < 3; i++) {
      const drawn = page.waitForResponse((r) => r.url().endsWith('/actions/drawFragment'));
      await page.getByTestId('collect-draw').tap();
      expect((await drawn).status()).toBe(200);
      await page.getByText(/^You got: (Sun|Moon)$/).waitFor();
    }
    const counts = async () =>
      Promise.all(
        ['sun', 'moon'].map(async (id) =>
          Number(await page.locator(`[data-fragment-id="${id}"]`).getAttribute('data-count')),
        ),
      );
    await expect.poll(async () => (await counts()).reduce((a, b) => a + b, 0)).toBe(3);
    const [sun] = await counts();
    const piece = sun > 0 ? 'sun' : 'moon';
    const gave = page.waitForResponse((r) => r.url().endsWith('/actions/gift'));
    await page.locator(`[data-fragment-id="${piece}"]`).getByRole('button', { name: 'Give' }).tap();
    expect((await gave).status()).toBe(200);
    await page.getByText('Link copied: send it to a friend').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(link).searchParams.get('gift')).toBeTruthy();
    expect(ann.errors).toEqual([]);
    await ann.close();

    // The friend opens the link (signed in through their app) and takes the piece.
    const url = new URL(link);
    const ben = await openAsPlayer(
      browser,
      { session, projectId },
      campaignId,
      `ben-${stamp}`,
      'pixel',
      url.search,
    );
    await ben.page.getByTestId('collect-incoming').waitFor();
    const took = ben.page.waitForResponse((r) => r.url().endsWith('/actions/claimGift'));
    await ben.page.getByRole('button', { name: 'Take the piece' }).tap();
    expect((await took).status()).toBe(200);
    await ben.page.getByText('The piece is yours').waitFor();
    await expect
      .poll(() => ben.page.locator(`[data-fragment-id="${piece}"]`).getAttribute('data-count'))
      .toBe('1');
    expect(ben.errors).toEqual([]);
    await ben.close();
  });
});
