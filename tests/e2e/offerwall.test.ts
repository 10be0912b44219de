import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, api, launchBrowser, signUpViaApi, type Session } from './browser';
import { PHONES } from './player';

// The offerwall on a phone: the customer's server signs a hand-off, the user opens
// /o/:projectId from it, sees the balance the network's postbacks credited and the offers with
// their rewards, is told the server's minimum, requests a withdrawal (balance and history follow)
// and opens an offer, which lands on the network's address with the user and click filled in.

let browser: Browser;
let session: Session;
let projectId = '';
let apiSecret = '';
let accountId = '';
const stamp = Date.now().toString(36).slice(-6);
const USER = `wall-${stamp}`;

/** The hand-off a customer's server signs: base64url(HMAC-SHA256(apiSecret, "offerwall.<projectId>.<userId>.<exp>")). */
function handoffQuery(userId: string, ttlSeconds = 600): string {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const sig = createHmac('sha256', apiSecret)
    .update(`offerwall.${projectId}.${userId}.${exp}`)
    .digest('base64url');
  return `u=${encodeURIComponent(userId)}&exp=${exp}&sig=${sig}`;
}

/** A network's postback crediting an offer to a user, signed with the account's secret. */
async function postback(secret: string, params: Record<string, string>): Promise<void> {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  const sig = createHmac('sha256', secret).update(canonical).digest('hex');
  const query = new URLSearchParams({ ...params, sig }).toString();
  const answer = await fetch(`${BASE_URL}/api/ads/v1/postback/${accountId}?${query}`);
  expect(answer.status, await answer.clone().text()).toBe(200);
}

async function openOnPhone(
  userId: string,
  locale: 'en-US' | 'zh-CN',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    ...PHONES.pixel,
    hasTouch: true,
    isMobile: true,
    locale,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/o/${projectId}?${handoffQuery(userId)}`);
  return { context, page, errors };
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('offerwall', 'Wall Owners'));
  const token = session.token;
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Offerwall', domainPrefix: `ow-${stamp}` },
      token,
    })
  ).id;
  apiSecret = (await api<{ apiSecret: string }>('GET', '/api/access-key', { token, projectId })).apiSecret;
  await api('PUT', '/api/ads/settings', {
    body: { enabled: true, offerwallEnabled: true, offerwallCurrency: 'USD', minWithdrawalMicros: 1_000_000 },
    token,
    projectId,
  });
  const account = await api<{ id: string; secret: string }>('POST', '/api/ads/accounts', {
    body: {
      name: 'Wall network',
      network: 'custom',
      currency: 'USD',
      offers: [
        {
          id: 'install',
          title: { 'en-US': 'Install Star Farm', 'zh-CN': '安装星星农场' },
          description: { 'en-US': 'Reach level 5 within 7 days', 'zh-CN': '7 天内达到第 5 级' },
          rewardMicros: 1_500_000,
          url: 'https://offers.example.com/go?u={user_id}&c={click_id}',
          status: 'online',
        },
        {
          id: 'survey',
          title: { 'en-US': 'Quick survey', 'zh-CN': '快速问卷' },
          rewardMicros: 800_000,
          url: 'https://offers.example.com/survey/{offer_id}?u={user_id}',
          status: 'online',
        },
        {
          id: 'paused',
          title: { 'en-US': 'Paused offer' },
          rewardMicros: 100,
          url: 'https://offers.example.com/paused',
          status: 'offline',
        },
      ],
    },
    token,
    projectId,
  });
  accountId = account.id;
  // The user opened the offerwall once before (the network credits users it knows from clicks).
  // Another expiry than the page's hand-off below: a signature signs in once, and both may be
  // made within one second.
  const params = new URLSearchParams(handoffQuery(USER, 300));
  await api('POST', '/api/ads/v1/offerwall/sessions', {
    body: { projectId, userId: USER, exp: Number(params.get('exp')), sig: params.get('sig') },
  });
  // The owner is an advanced ads user: the answer carries the whole postback secret.
  await postback(account.secret, { txid: `t1-${stamp}`, amount: '3', offer_id: 'install', user_id: USER });
  await postback(account.secret, { txid: `t2-${stamp}`, amount: '2', offer_id: 'survey', user_id: USER });
});

afterAll(async () => {
  await browser?.close();
});

describe('offerwall on a phone', () => {
  it('shows the balance and offers, refuses below the minimum in the server’s words, requests a withdrawal and opens an offer', async () => {
    const { context, page, errors } = await openOnPhone(USER, 'en-US');
    try {
      await page.getByTestId('offerwall-page').waitFor();
      // The one-time sign-in left the address bar.
      expect(page.url()).not.toContain('sig=');
      await expect.poll(() => page.getByTestId('offerwall-balance').textContent()).toBe('$2.30');
      await expect.poll(() => page.getByText('Minimum withdrawal: $1.00').count()).toBe(1);

      const offers = page.getByTestId('offer');
      await expect.poll(() => offers.count()).toBe(2);
      expect(await offers.nth(0).getAttribute('data-offer-id')).toBe('install');
      expect(await offers.nth(0).textContent()).toContain('Install Star Farm');
      expect(await offers.nth(0).textContent()).toContain('Reach level 5 within 7 days');
      expect(await offers.nth(0).getByTestId('offer-reward').textContent()).toBe('+$1.50');
      expect(await offers.nth(1).getByTestId('offer-reward').textContent()).toBe('+$0.80');
      expect(await page.getByTestId('ledger-row').count()).toBe(2);
      expect(await page.getByTestId('withdrawals-empty').textContent()).toBe('No withdrawals yet.');

      // Nothing sticks out sideways on the phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The form's own check, then the server's minimum in its words.
      await page.getByTestId('withdraw-amount').fill('0.5');
      await page.getByTestId('withdraw-submit').tap();
      expect(await page.getByTestId('withdraw-account-problem').textContent()).toBe(
        'Enter the account to pay to',
      );
      await page.getByTestId('withdraw-method').selectOption('paypal');
      await page.getByTestId('withdraw-account').fill('wall.user@pay.example');
      await page.getByTestId('withdraw-submit').tap();
      await expect
        .poll(() => page.getByTestId('withdraw-error').textContent())
        .toBe('The minimum withdrawal is $1.00');
      await page.getByTestId('withdraw-amount').fill('2');
      await page.getByTestId('withdraw-submit').tap();
      await expect
        .poll(() => page.getByTestId('withdraw-done').textContent())
        .toBe('Withdrawal of $2.00 requested; it is paid after review');
      await expect.poll(() => page.getByTestId('offerwall-balance').textContent()).toBe('$0.30');
      const withdrawal = page.getByTestId('withdrawal-row');
      await expect.poll(() => withdrawal.count()).toBe(1);
      expect(await withdrawal.getAttribute('data-status')).toBe('pending');
      expect(await withdrawal.textContent()).toContain('PayPal · wa****le');
      expect(await withdrawal.textContent()).toContain('Under review');
      expect(await page.getByTestId('ledger-row').first().getAttribute('data-kind')).toBe('withdrawal');
      // "All" fills the whole balance as a plain decimal.
      await page.getByTestId('withdraw-all').tap();
      expect(await page.getByTestId('withdraw-amount').inputValue()).toBe('0.3');

      // "Go" records the click and lands on the network's address with the values filled in.
      await context.route('https://offers.example.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>offer</title>landed' }),
      );
      await offers.nth(0).getByTestId('offer-go').tap();
      await page.waitForURL(/^https:\/\/offers\.example\.com\//);
      const landed = new URL(page.url());
      expect(landed.pathname).toBe('/go');
      expect(landed.searchParams.get('u')).toBe(USER);
      expect(landed.searchParams.get('c')).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('speaks Chinese on a Chinese phone, with empty states for a new user', async () => {
    const { context, page, errors } = await openOnPhone(`new-${stamp}`, 'zh-CN');
    try {
      await page.getByTestId('offerwall-page').waitFor();
      expect(await page.locator('h1').textContent()).toBe('积分墙');
      expect(await page.getByTestId('offerwall-balance').textContent()).toBe('US$0.00');
      expect(await page.getByTestId('offer').first().textContent()).toContain('安装星星农场');
      expect(await page.getByTestId('ledger-empty').textContent()).toBe('还没有收益，完成任务即可赚取。');
      expect(await page.getByTestId('withdrawals-empty').textContent()).toBe('还没有提现记录。');
      await page.getByTestId('withdraw-account').fill('13800000000');
      await page.getByTestId('withdraw-amount').fill('1');
      await page.getByTestId('withdraw-submit').tap();
      await expect.poll(() => page.getByTestId('withdraw-error').textContent()).toBe('余额不足，无法提现');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks a visitor without a sign-in to open the offerwall from the app', async () => {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      ...PHONES.iphone,
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
    });
    try {
      const page = await context.newPage();
      await page.goto(`/o/${projectId}`);
      await expect
        .poll(() => page.getByTestId('offerwall-signin').textContent())
        .toBe('Please open the offerwall from the app to sign in.');
      // A forged hand-off is said in the server's words.
      await page.goto(`/o/${projectId}?u=mallory&exp=${Math.floor(Date.now() / 1000) + 600}&sig=forged`);
      await expect
        .poll(() => page.getByTestId('offerwall-signin').textContent())
        .toBe(
          'Sign-in failed: Your sign-in link is invalid or has expired; please open the offerwall again from the app',
        );
    } finally {
      await context.close();
    }
  });
});
