import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, api, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';

// Ads monetisation end to end: an operator creates a strategy with three URLs in the
// console's editor, visitors are served by it (each serve and click recorded), a network posts
// back income for one click, and the income report shows the serves, clicks and income, as
// figures and in its chart.

let browser: Browser;
let session: Session;
let projectId = '';
let accountId = '';
let secret = '';
const stamp = Date.now().toString(36).slice(-6);
const URLS = [
  'https://ads-a.example.com/land',
  'https://ads-b.example.com/land',
  'https://ads-c.example.com/land',
];
const VISITORS = 30;
const CLICKS = 10;

/** A network's postback, signed with the account's secret (hex HMAC-SHA256 of the sorted params). */
async function postback(params: Record<string, string>): Promise<Response> {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  const sig = createHmac('sha256', secret).update(canonical).digest('hex');
  return fetch(`${BASE_URL}/api/ads/v1/postback/${accountId}?${new URLSearchParams({ ...params, sig })}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('ads', 'Acme Media'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'News', domainPrefix: `ad${stamp}` },
      token: session.token,
    })
  ).id;
  const auth = { token: session.token, projectId };
  const settings = await api<Record<string, unknown>>('GET', '/api/ads/settings', auth);
  await api('PUT', '/api/ads/settings', { ...auth, body: { ...settings, enabled: true } });
  const account = await api<{ id: string; secret: string }>('POST', '/api/ads/accounts', {
    ...auth,
    body: { name: 'Network', network: 'custom', currency: 'USD', allowedIps: [], offers: [] },
  });
  accountId = account.id;
  secret = account.secret;
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('ads monetisation in the console', () => {
  it('creates a strategy with three URLs, serves it, and reports serves, clicks and posted income', async () => {
    const { page, pageErrors, context } = await openSignedIn(
      browser,
      `/adsStrategy/adsStrategyConfig/${projectId}`,
      session,
      projectId,
    );
    try {
      const form = page.getByTestId('ads-strategy-form');
      await form.getByLabel('Strategy name').fill(`Home${stamp}`);
      const add = form.getByRole('button', { name: /add/i }).first();
      for (let i = 0; i < URLS.length; i += 1) await add.click();
      const links = form.getByLabel('Link', { exact: true });
      const ratios = form.getByLabel('Display ratio (%)', { exact: true });
      await expect.poll(() => links.count()).toBe(3);
      const shares = ['50', '30', '20'];
      for (let i = 0; i < URLS.length; i += 1) {
        await links.nth(i).fill(URLS[i]);
        await ratios.nth(i).fill(shares[i]);
      }
      await page.getByTestId('ads-strategy-save').click();
      await page.waitForURL((url) => url.pathname === `/adsStrategy/${projectId}`);
      const row = page.locator('[data-testid^="ads-strategy-row-"]').first();
      await row.waitFor();
      const strategyId = String(await row.getAttribute('data-testid')).replace('ads-strategy-row-', '');

      // Visitors on a news page: each served (recorded), a third of them click.
      const served: Array<{ requestId: string; url: string; target: string }> = [];
      for (let i = 0; i < VISITORS; i += 1) {
        const query = new URLSearchParams({ vid: `visitor-${i}`, page: 'https://news.example.com/today' });
        const answer = await fetch(`${BASE_URL}/api/ads/v1/serve/${strategyId}?${query}`);
        const body = (await answer.json()) as { code: number; data: (typeof served)[number] };
        expect(body.code, JSON.stringify(body)).toBe(0);
        expect(URLS.some((url) => body.data.target.startsWith(url))).toBe(true);
        served.push(body.data);
      }
      for (const serve of served.slice(0, CLICKS)) {
        const click = await fetch(serve.url, { redirect: 'manual' });
        expect(click.status).toBe(302);
        expect(click.headers.get('location')).toContain(`gc_cid=${serve.requestId}`);
      }
      const posted = await postback({
        txid: `tx-${stamp}`,
        amount: '1.25',
        currency: 'USD',
        click_id: served[0].requestId,
      });
      expect(posted.status, await posted.clone().text()).toBe(200);

      await page.goto(`/incomeReport/${projectId}`);
      const serves = page.getByTestId('ads-kpi-serves');
      await expect.poll(() => serves.textContent(), { timeout: 60_000 }).toContain(String(VISITORS));
      expect(await page.getByTestId('ads-kpi-clicks').textContent()).toContain(String(CLICKS));
      expect(await page.getByTestId('ads-kpi-income').textContent()).toContain('1.25');
      // The table by URL: the clicked URL's row carries the income.
      await page.getByTestId('ads-report-groupby').getByText('URL', { exact: true }).click();
      const incomeRow = page.getByRole('row').filter({ hasText: served[0].target.split('?')[0] });
      await expect.poll(() => incomeRow.textContent(), { timeout: 60_000 }).toContain('1.25');
      // The chart of income by URL: drawn (not the "nothing in this range" state).
      await page.getByTestId('ads-report-view').getByText('Chart', { exact: true }).click();
      await page.getByTestId('ads-report-metric').getByText('Income', { exact: true }).click();
      const chart = page.getByTestId('ads-report-chart');
      await chart.waitFor();
      expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(/Income/);
      await expect.poll(() => chart.locator('canvas').count(), { timeout: 60_000 }).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
