import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, api, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';
import { PHONES } from './player';

// Web-to-app end to end: a site on another origin pastes the console's Turbo Banner and Turbo
// Script snippets. On an iPhone the banner appears in space reserved before the first paint (no
// layout shift), its button opens the deep link with the banner's attribution merged with the
// page's UTM parameters (the redirector records the click as banner-sourced), a dismissal
// survives a reload, the script rewrites the page's link to the project's link host, and the
// console's banner report counts what happened.

let browser: Browser;
let session: Session;
let projectId = '';
let accessKey = '';
let linkUrl = '';
let linkRowId = '';
let bannerId = '';
let scriptId = '';
let site: Server;
let siteOrigin = '';
const stamp = Date.now().toString(36).slice(-6);
const prefix = `tb${stamp}`;

interface Snippets {
  banner: string;
  script: string;
}
const snippets: Snippets = { banner: '', script: '' };

/** The host site: one page that includes whatever snippets the console gave. */
function sitePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Acme shoes</title>
${snippets.banner}
${snippets.script}
<style>body{margin:0;font:16px/1.5 sans-serif} header{height:56px;background:#222;color:#fff} p{margin:16px}</style>
</head><body>
<header id="site-header">Acme</header>
<h1 id="headline">Running shoes for every road</h1>
${'<p>Light, durable and made to last. Free returns within thirty days.</p>'.repeat(12)}
<p><a id="applink" href="${linkUrl}?screen=shoes">Open in the app</a></p>
<p><a id="elsewhere" href="https://example.com/somewhere?x=1">Somewhere else</a></p>
</body></html>`;
}

const phone = {
  ...PHONES.iphone,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce' as const,
};

/** Sums the page's layout shifts not caused by input, from before its first paint. */
const CLS_OBSERVER = () => {
  const w = window as unknown as { __cls: number; __shifts: unknown[] };
  w.__cls = 0;
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean }
    >) {
      if (entry.hadRecentInput) continue;
      w.__cls += entry.value;
      w.__shifts.push({ value: entry.value, at: entry.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

async function phoneContext(): Promise<BrowserContext> {
  const context = await browser.newContext(phone);
  await context.addInitScript(CLS_OBSERVER);
  return context;
}

async function counts(): Promise<{ impressions: number; clicks: number; dismissals: number }> {
  const report = await api<{ totals: { impressions: number; clicks: number; dismissals: number } }>(
    'GET',
    `/api/turbo-banners/${bannerId}/report`,
    { token: session.token, projectId },
  );
  return report.totals;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('turbo', 'Acme Web'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Acme', domainPrefix: prefix },
      token: session.token,
    })
  ).id;
  const auth = { token: session.token, projectId };
  ({ accessKey } = await api<{ accessKey: string }>('GET', '/api/access-key', auth));
  const template = await api<{ id: string }>('POST', '/api/link-templates', {
    ...auth,
    body: {
      name: 'AcmeApp',
      android: { stores: ['google-play'], packageNames: 'com.acme.shoes' },
      ios: { appStoreUrl: 'https://apps.apple.com/app/id123456789' },
      webFirst: false,
      wechatLanding: false,
      clickAttribution: 'last',
      attributionWindowDays: 7,
    },
  });
  const link = await api<{ id: string; linkId: string; url: string }>('POST', '/api/links', {
    ...auth,
    body: { name: 'site', templateId: template.id, redirectMode: 'template' },
  });
  linkUrl = link.url;
  linkRowId = link.id;
  bannerId = (
    await api<{ id: string }>('POST', '/api/turbo-banners', {
      ...auth,
      body: {
        name: 'Shoes top bar',
        linkTemplateId: template.id,
        linkId: link.linkId,
        title: { 'en-US': 'Acme is better in the app', 'zh-CN': 'App 内体验更佳' },
        description: { 'en-US': 'Track orders and get members-only prices', 'zh-CN': '查订单，享会员价' },
        rating: 4.5,
        buttonText: { 'en-US': 'Open', 'zh-CN': '打开' },
        position: 'top',
        colors: { background: '#ffffff', text: '#222222', button: '#7367f0', buttonText: '#ffffff' },
        radius: 0,
        dismissDays: 7,
        attribution: [
          { key: 'utm_source', value: 'acme-site' },
          { key: 'utm_medium', value: 'banner' },
        ],
        languages: ['en-US', 'zh-CN'],
        status: 'offline',
      },
    })
  ).id;
  scriptId = (
    await api<{ id: string }>('POST', '/api/turbo-scripts', {
      ...auth,
      body: {
        name: 'Site links',
        linkTemplateId: template.id,
        overrides: [{ key: 'lang', value: 'en' }],
        accessLinkParams: [{ key: 'from', value: 'web' }],
        urlMapping: [{ deepLinkParam: 'campaign', accessLinkParam: 'cid', defaultValue: 'none' }],
        referrerMapping: [{ referrer: 'google.com', channel: 'seo' }],
        developersConsulted: true,
        status: 'offline',
      },
    })
  ).id;
  site = createServer((request, response) => {
    if (request.url?.startsWith('/shoes')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(sitePage());
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  // Another origin than the console's (127.0.0.1): the SDK's calls cross origins.
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (site) await new Promise((resolve) => site.close(resolve));
});

describe('Turbo Banner and Turbo Script on a site', () => {
  it('the console puts both online and gives the snippets to paste', async () => {
    const { page, pageErrors, context } = await openSignedIn(
      browser,
      `/turboBanner/${projectId}`,
      session,
      projectId,
    );
    try {
      await goOnlineFromList(page, bannerId);
      snippets.banner = await snippetFromList(page, bannerId);
      expect(snippets.banner).toContain(`${BASE_URL}/sdk/v1/gc-banner.js`);
      expect(snippets.banner).toContain(accessKey);
      await page.goto(`/turboScript/${projectId}`);
      await goOnlineFromList(page, scriptId);
      snippets.script = await snippetFromList(page, scriptId);
      expect(snippets.script).toContain(`data-script="${scriptId}"`);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the banner on an iPhone in reserved space, opens the deep link with the merged parameters', async () => {
    const context = await phoneContext();
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${siteOrigin}/shoes?utm_source=newsletter&utm_campaign=spring&cid=42`, {
        referer: 'https://www.google.com/search?q=acme',
      });
      const headlineTop = await page.locator('#headline').evaluate((el) => el.getBoundingClientRect().top);
      const banner = page.locator('gc-banner');
      await banner.locator('.a').waitFor({ state: 'visible' });
      await expect.poll(() => banner.locator('.h').textContent()).toBe('Acme is better in the app');
      // The banner sits in the space reserved before the first paint: nothing moved.
      await page.waitForTimeout(500);
      expect(await page.locator('#headline').evaluate((el) => el.getBoundingClientRect().top)).toBe(
        headlineTop,
      );
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
      const box = await banner.boundingBox();
      expect(box?.y).toBe(0);
      expect(
        await page.locator('#site-header').evaluate((el) => el.getBoundingClientRect().top),
      ).toBeGreaterThanOrEqual(box!.height);

      // The script rewrote the link to the link host, and only that one.
      const rewritten = new URL(await page.locator('#applink').getAttribute('href').then(String));
      expect(`${rewritten.origin}${rewritten.pathname}`).toBe(linkUrl);
      expect(Object.fromEntries(rewritten.searchParams)).toEqual({
        screen: 'shoes',
        from: 'web',
        campaign: '42',
        channel: 'seo',
        lang: 'en',
        gc_src: 'script',
        gc_tid: scriptId,
      });
      expect(await page.locator('#elsewhere').getAttribute('href')).toBe('https://example.com/somewhere?x=1');

      // The button: the banner's attribution, the page's own UTM parameters winning.
      const target = new URL(String(await banner.locator('.a').getAttribute('href')));
      expect(`${target.origin}${target.pathname}`).toBe(linkUrl);
      expect(Object.fromEntries(target.searchParams)).toEqual({
        utm_source: 'newsletter',
        utm_medium: 'banner',
        utm_campaign: 'spring',
        gc_src: 'banner',
        gc_tid: bannerId,
      });
      await until(counts, (c) => c.impressions === 1, 'the impression');
      // The redirector sends the iPhone to the template's App Store address (which this closed
      // network cannot reach: the request is what counts), from the banner's link.
      const storeRequest = page.waitForRequest((request) =>
        request.url().startsWith('https://apps.apple.com/app/id123456789'),
      );
      await banner.locator('.a').tap();
      const redirect = (await storeRequest).redirectedFrom();
      expect(redirect?.url()).toBe(target.href);
      expect((await redirect?.response())?.status()).toBe(302);
      await until(counts, (c) => c.clicks === 1, 'the click');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('remembers a dismissal across a reload, and the report counts impressions, clicks and dismissals', async () => {
    const context = await phoneContext();
    try {
      const page = await context.newPage();
      await page.goto(`${siteOrigin}/shoes`);
      const banner = page.locator('gc-banner');
      await banner.locator('.x').waitFor({ state: 'visible' });
      await until(counts, (c) => c.impressions === 2, 'the second impression');
      await banner.locator('.x').tap();
      await banner.waitFor({ state: 'detached' });
      await until(counts, (c) => c.dismissals === 1, 'the dismissal');

      await page.reload();
      await page.locator('#headline').waitFor();
      await page.waitForTimeout(1500);
      expect(await page.locator('gc-banner').count()).toBe(0);
      expect(await page.locator('#gc-banner-space').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
      // The script still works on this page.
      expect(await page.locator('#applink').getAttribute('href')).toContain('gc_src=script');
    } finally {
      await context.close();
    }
    expect(await counts()).toEqual({ impressions: 2, clicks: 1, dismissals: 1 });

    // The redirector recorded the banner's click as banner-sourced.
    const report = await until(
      () =>
        api<{ bySource: Array<{ source: string; clicks: number }> }>(
          'GET',
          `/api/links/${linkRowId}/report`,
          {
            token: session.token,
            projectId,
          },
        ),
      (r) => r.bySource.some((row) => row.source === 'banner' && row.clicks === 1),
      'the banner-sourced click',
    );
    expect(report.bySource.find((row) => row.source === 'script')?.clicks ?? 0).toBe(0);

    const {
      page,
      pageErrors,
      context: consoleContext,
    } = await openSignedIn(browser, `/turboBanner/${projectId}/report/${bannerId}`, session, projectId);
    try {
      const totals = page.getByTestId('turbo-report-totals');
      await expect.poll(() => totals.textContent(), { timeout: 60_000 }).toMatch(/Impressions\D*2/);
      const text = String(await totals.textContent());
      expect(text).toMatch(/Clicks\D*1/);
      expect(text).toMatch(/Dismissals\D*1/);
      expect(pageErrors).toEqual([]);
    } finally {
      await consoleContext.close();
    }
  });
});

/** Puts a banner or script online from its list, through the row's confirmation. */
async function goOnlineFromList(page: Page, id: string): Promise<void> {
  const row = page.locator(`[data-testid$="-row-${id}"]`);
  await row.getByRole('button', { name: 'Go online' }).click();
  await page.locator('.ant-popover').getByRole('button', { name: 'Go online' }).click();
  await expect.poll(() => row.getByTestId('turbo-status').textContent()).toBe('Online');
}

/** The embed snippet the list's "embed code" dialog shows for a row. */
async function snippetFromList(page: Page, id: string): Promise<string> {
  await page.locator(`[data-testid$="-row-${id}"]`).getByRole('button', { name: 'Embed code' }).click();
  const snippet = page.getByTestId('turbo-snippet');
  await snippet.waitFor();
  await expect.poll(() => snippet.textContent()).toContain(accessKey);
  const text = String(await snippet.textContent());
  await page.keyboard.press('Escape');
  await snippet.waitFor({ state: 'hidden' });
  return text;
}
