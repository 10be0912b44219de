import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { call } from './helpers/api';
import { ipHash } from '../../src/server/attribution/fingerprint';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import {
  createLink,
  createTemplate,
  openLink,
  SHA256,
  storeTemplate,
  UA,
  type CreatedLink,
} from './helpers/links';

interface ClickItem {
  type: string;
  platform: string;
  os: string | null;
  brand: string | null;
  browser: string | null;
  channel: string | null;
  outcome: string | null;
  country: string | null;
  params: Record<string, string> | null;
}

function httpGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Clicks in a test database, read over a connection of its own. */
async function countClicks(databaseUrl: string): Promise<number> {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = new SqliteDatabase(databaseUrl.slice('sqlite:'.length), { readonly: true });
    const row = file.prepare('select count(*) as n from clicks').get() as { n: number };
    file.close();
    return row.n;
  }
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema') ?? 'public';
  url.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(`select count(*) as n from "${schema}".clicks`);
    return Number(result.rows[0].n);
  } finally {
    await client.end();
  }
}

// The redirector on {prefix}.{LINK_HOST}: each device gets the right answer, every visit is
// recorded, and nothing ever redirects anywhere the project did not configure.
describe('redirector', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let templateId: string;
  let link: CreatedLink;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Demo', 'demo');
    templateId = await createTemplate(t.app, owner, projectId);
    const settings = await call(t.app, 'PUT', '/api/redirect-settings', {
      token: owner.token,
      projectId,
      body: { default: 'https://example.com/home', android: '', ios: '', windows: '' },
    });
    expect(settings.status).toBe(200);
    link = await createLink(t.app, owner, projectId, {
      name: 'spring',
      templateId,
      redirectMode: 'template',
      address: 'promo/spring',
      deferredData: [{ key: 'page', value: 'promo' }],
      share: {
        title: 'Spring <sale> "now"',
        description: 'Up to 50% off & more',
        thumbnail: 'https://cdn.example.com/share.png',
      },
      attribution: { utmSource: 'newsletter' },
    });
  });
  afterAll(async () => t.close());

  async function clicks(type = 'click'): Promise<ClickItem[]> {
    await t.app.deepLinks.clicks.flush();
    const answer = await call<{ items: ClickItem[] }>(
      t.app,
      'GET',
      `/api/links/${link.id}/clicks?type=${type}&pageSize=100`,
      {
        token: owner.token,
        projectId,
      },
    );
    expect(answer.status).toBe(200);
    return answer.body.data.items;
  }

  it('answers on the link URL the console shows', () => {
    expect(link.url).toBe(`http://demo.localhost/${link.linkId}`);
    expect(link.linkId).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('iPhone Safari goes to the App Store (the Universal Link opens an installed app first)', async () => {
    const hit = await openLink(t.app, 'demo', `/${link.linkId}`, UA.iphoneSafari);
    expect(hit.status).toBe(302);
    expect(hit.location).toBe('https://apps.apple.com/app/id123456789');
    expect(hit.headers['cache-control']).toBe('no-store');
  });

  it('Android Chrome on a Huawei phone goes to AppGallery, on a Xiaomi phone to Google Play', async () => {
    const huawei = await openLink(t.app, 'demo', `/${link.linkId}`, UA.huaweiChrome);
    expect(huawei.status).toBe(302);
    expect(huawei.location).toBe('appmarket://details?id=com.example.app');
    // Xiaomi's store is not listed in the template: Google Play is.
    const xiaomi = await openLink(t.app, 'demo', `/${link.linkId}`, UA.xiaomiChrome);
    expect(xiaomi.status).toBe(302);
    expect(xiaomi.location).toBe('https://play.google.com/store/apps/details?id=com.example.app');
  });

  it("Xiaomi's own store when the template lists it", async () => {
    const miTemplate = await createTemplate(t.app, owner, projectId, {
      ...storeTemplate('mi'),
      android: { stores: ['xiaomi', 'google-play'], packageNames: 'com.example.mi', sha256: SHA256 },
    });
    const miLink = await createLink(t.app, owner, projectId, {
      name: 'mi',
      templateId: miTemplate,
      redirectMode: 'template',
    });
    const hit = await openLink(t.app, 'demo', `/${miLink.linkId}`, UA.xiaomiChrome);
    expect(hit.location).toBe('mimarket://details?id=com.example.mi');
  });

  it('WeChat shows the "open in the browser" page in the visitor\'s language', async () => {
    const zh = await openLink(t.app, 'demo', `/${link.linkId}`, UA.wechat);
    expect(zh.status).toBe(200);
    expect(zh.headers['content-type']).toMatch(/text\/html/);
    expect(zh.body).toContain('请在浏览器中打开');
    expect(Number(zh.headers['content-length'])).toBe(Buffer.byteLength(zh.body));
    expect(zh.location).toBeUndefined();
    const en = await openLink(t.app, 'demo', `/${link.linkId}`, UA.wechat, { lang: 'en-US,en;q=0.9' });
    expect(en.body).toContain('Please open in your browser');
  });

  it('a desktop browser goes to the PC homepage, here the project default', async () => {
    const hit = await openLink(t.app, 'demo', `/${link.linkId}`, UA.desktopChrome);
    expect(hit.status).toBe(302);
    expect(hit.location).toBe('https://example.com/home');
  });

  it('Twitterbot and facebookexternalhit get Open Graph and Twitter tags, escaped', async () => {
    for (const ua of [UA.twitterbot, UA.facebook]) {
      const hit = await openLink(t.app, 'demo', `/${link.linkId}`, ua);
      expect(hit.status, ua).toBe(200);
      expect(hit.location).toBeUndefined();
      expect(hit.body).toContain('<meta property="og:title" content="Spring &lt;sale&gt; &quot;now&quot;">');
      expect(hit.body).toContain('<meta property="og:description" content="Up to 50% off &amp; more">');
      expect(hit.body).toContain('<meta property="og:image" content="https://cdn.example.com/share.png">');
      expect(hit.body).toContain(`<meta property="og:url" content="${link.url}">`);
      expect(hit.body).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(hit.body).not.toContain('<sale>');
    }
  });

  it('stores every visit with platform, brand, browser, channel and outcome (robots flagged, not counted)', async () => {
    t.clock.advance(1000);
    await openLink(t.app, 'demo', `/${link.linkId}?channel=weibo&utm_campaign=x`, UA.huaweiChrome, {
      headers: { 'cf-ipcountry': 'cn', referer: 'https://m.weibo.cn/' },
    });
    const items = await clicks();
    expect(items.length).toBe(9);
    const byOutcome = (outcome: string) => items.filter((c) => c.outcome === outcome);
    expect(byOutcome('preview')).toHaveLength(2);
    expect(byOutcome('landing')).toHaveLength(2);
    const weibo = items[0];
    expect(weibo).toMatchObject({
      platform: 'android',
      os: 'Android',
      brand: 'huawei',
      channel: 'weibo',
      outcome: 'store',
      country: 'CN',
      params: { channel: 'weibo', utm_campaign: 'x' },
    });
    const iphone = items.find((c) => c.os === 'iOS' && c.outcome === 'store');
    expect(iphone).toMatchObject({ platform: 'ios', brand: 'apple', channel: 'newsletter' });
    expect(items.find((c) => c.browser === 'WeChat')).toMatchObject({ brand: 'xiaomi', outcome: 'landing' });
    const listed = await call<{ items: { id: string; clicks: number }[] }>(t.app, 'GET', '/api/links', {
      token: owner.token,
      projectId,
    });
    // Robots (2 previews) are stored but not counted as clicks.
    expect(listed.body.data.items.find((l) => l.id === link.id)?.clicks).toBe(7);
  });

  it('a HEAD request answers the same without counting a click', async () => {
    const before = (await clicks()).length;
    const hit = await openLink(t.app, 'demo', `/${link.linkId}`, UA.iphoneSafari, { method: 'HEAD' });
    expect(hit.status).toBe(302);
    expect((await clicks()).length).toBe(before);
  });

  it('custom redirects per platform; "www." targets become https', async () => {
    const custom = await createLink(t.app, owner, projectId, {
      name: 'custom',
      templateId,
      redirectMode: 'custom',
      redirects: {
        default: 'https://example.com/default',
        ios: 'https://example.com/ios',
        android: 'www.example.com/android',
      },
    });
    expect((await openLink(t.app, 'demo', `/${custom.linkId}`, UA.iphoneSafari)).location).toBe(
      'https://example.com/ios',
    );
    expect((await openLink(t.app, 'demo', `/${custom.linkId}`, UA.xiaomiChrome)).location).toBe(
      'https://www.example.com/android',
    );
    expect((await openLink(t.app, 'demo', `/${custom.linkId}`, UA.desktopChrome)).location).toBe(
      'https://example.com/default',
    );
  });

  it('a URI scheme without a Universal Link gets the launch page: scheme with click id, then the store', async () => {
    const schemed = await createTemplate(t.app, owner, projectId, {
      name: 'schemed',
      android: { stores: ['google-play'], packageNames: 'com.example.app', uriSchemes: 'example://open' },
      ios: { appStoreUrl: 'https://apps.apple.com/app/id123456789', uriScheme: 'example://' },
    });
    const l = await createLink(t.app, owner, projectId, {
      name: 'scheme',
      templateId: schemed,
      redirectMode: 'template',
      address: 'promo/spring',
    });
    const android = await openLink(t.app, 'demo', `/${l.linkId}`, UA.huaweiChrome);
    expect(android.status).toBe(200);
    expect(android.body).toMatch(/data-scheme="example:\/\/open\/promo\/spring\?click_id=[A-Za-z0-9_-]{17}"/);
    expect(android.body).toContain(
      'data-fallback="https://play.google.com/store/apps/details?id=com.example.app"',
    );
    expect(android.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
    const ios = await openLink(t.app, 'demo', `/${l.linkId}`, UA.iphoneSafari);
    expect(ios.body).toMatch(/data-scheme="example:\/\/promo\/spring\?click_id=/);
    expect(ios.body).toContain('data-fallback="https://apps.apple.com/app/id123456789"');
  });

  it('serves apple-app-site-association and assetlinks.json from the templates', async () => {
    const aasa = await openLink(t.app, 'demo', '/.well-known/apple-app-site-association', UA.iphoneSafari);
    expect(aasa.status).toBe(200);
    expect(aasa.headers['content-type']).toBe('application/json');
    const apple = JSON.parse(aasa.body) as { applinks: { details: { appID: string; paths: string[] }[] } };
    expect(apple.applinks.details).toEqual([
      expect.objectContaining({ appID: 'ABCDE12345.com.example.app', paths: ['*'] }),
    ]);
    const assets = await openLink(t.app, 'demo', '/.well-known/assetlinks.json', UA.huaweiChrome);
    expect(assets.status).toBe(200);
    const statements = JSON.parse(assets.body) as {
      target: { package_name: string; sha256_cert_fingerprints: string[] };
    }[];
    expect(statements.map((s) => s.target.package_name).sort()).toEqual([
      'com.example.app',
      'com.example.mi',
    ]);
    expect(statements[0].target.sha256_cert_fingerprints).toEqual([SHA256]);
  });

  it('unknown links, prefixes and paths get the 404 page, never a redirect', async () => {
    const cases: [string, string][] = [
      ['demo', '/Zz9Zz9'],
      ['nobody', `/${link.linkId}`],
      ['demo', '/'],
      ['demo', '//evil.example.com'],
      ['demo', '/https://evil.example.com'],
      ['demo', `/${link.linkId}/../../evil`],
      ['demo', '/favicon.ico'],
      ['nobody', '/.well-known/assetlinks.json'],
    ];
    for (const [prefix, path] of cases) {
      const hit = await openLink(t.app, prefix, path, UA.iphoneSafari);
      expect(hit.status, `${prefix} ${path}`).toBe(404);
      expect(hit.location).toBeUndefined();
      expect(hit.body).toContain('链接不存在');
    }
    const post = await openLink(t.app, 'demo', `/${link.linkId}`, UA.iphoneSafari, { method: 'POST' });
    expect(post.status).toBe(404);
    // Query parameters never choose the target.
    const withUrl = await openLink(
      t.app,
      'demo',
      `/${link.linkId}?url=https://evil.example.com&redirect=//evil.example.com`,
      UA.desktopChrome,
    );
    expect(withUrl.location).toBe('https://example.com/home');
  });

  it('a target that is not http(s) (tampered in the database) ends on the 404 page', async () => {
    const l = await createLink(t.app, owner, projectId, {
      name: 'tampered',
      templateId,
      redirectMode: 'custom',
      redirects: { default: 'https://example.com/ok' },
    });
    const row = await t.app.ctx.db
      .selectFrom('links')
      .select('config')
      .where('id', '=', l.id)
      .executeTakeFirstOrThrow();
    const config = JSON.parse(row.config) as Record<string, unknown>;
    config.redirects = {
      default: 'javascript:alert(document.cookie)',
      web: 'data:text/html,<script>alert(1)</script>',
    };
    await t.app.ctx.db
      .updateTable('links')
      .set({ config: JSON.stringify(config) })
      .where('id', '=', l.id)
      .execute();
    await t.app.ctx.db.deleteFrom('redirect_settings').execute();
    t.app.deepLinks.cache.clear();
    const hit = await openLink(t.app, 'demo', `/${l.linkId}`, UA.desktopChrome);
    expect(hit.status).toBe(404);
    expect(hit.location).toBeUndefined();
    expect(hit.body).not.toContain('javascript:');
  });

  it('edits show at once: the cache is cleared when a link changes or is deleted', async () => {
    const l = await createLink(t.app, owner, projectId, {
      name: 'moving',
      templateId,
      redirectMode: 'custom',
      redirects: { default: 'https://example.com/one' },
    });
    expect((await openLink(t.app, 'demo', `/${l.linkId}`, UA.desktopChrome)).location).toBe(
      'https://example.com/one',
    );
    const put = await call(t.app, 'PUT', `/api/links/${l.id}`, {
      token: owner.token,
      projectId,
      body: {
        name: 'moving',
        templateId,
        redirectMode: 'custom',
        redirects: { default: 'https://example.com/two' },
      },
    });
    expect(put.status).toBe(200);
    expect((await openLink(t.app, 'demo', `/${l.linkId}`, UA.desktopChrome)).location).toBe(
      'https://example.com/two',
    );
    const del = await call(t.app, 'DELETE', `/api/links/${l.id}`, { token: owner.token, projectId });
    expect(del.status).toBe(200);
    expect((await openLink(t.app, 'demo', `/${l.linkId}`, UA.desktopChrome)).status).toBe(404);
  });
});

// Its own app, after the suite above closed (two apps at once on one PostgreSQL server would
// share Kysely's migration bookkeeping).
describe('listening server', () => {
  it('answers links ahead of Fastify, the console through it, and writes waiting clicks on close', async () => {
    // No timed flush during the test: the click must still be waiting when the app closes.
    const extra = await createTestApp({ clickFlushMs: 10 * 60_000 });
    const o = await signUpOwner(extra.app, 'close@example.com');
    const p = await createProject(extra.app, o, 'Close', 'closing');
    const tpl = await createTemplate(extra.app, o, p);
    const l = await createLink(extra.app, o, p, { name: 'x', templateId: tpl, redirectMode: 'template' });
    await extra.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (extra.app.server.address() as AddressInfo).port;
    const hit = await httpGet(port, `/${l.linkId}`, {
      host: `closing.localhost:${port}`,
      'user-agent': UA.iphoneSafari,
    });
    expect(hit.status).toBe(302);
    expect(hit.headers.location).toBe('https://apps.apple.com/app/id123456789');
    const missing = await httpGet(port, '/Zz9Zz9', { host: `closing.localhost:${port}` });
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('链接不存在');
    // The page's length in bytes (its Chinese text is several bytes a character), head and page
    // written in one piece.
    expect(Number(missing.headers['content-length'])).toBe(Buffer.byteLength(missing.body));
    expect(missing.body.endsWith('</html>')).toBe(true);
    const health = await httpGet(port, '/api/health', { host: `127.0.0.1:${port}` });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ code: 0, data: { status: 'ok' } });
    expect(extra.app.deepLinks.clicks.size).toBe(1);
    await extra.app.close();
    // A fresh connection sees the click the closing app wrote.
    const stored = await countClicks(extra.databaseUrl);
    await extra.close();
    expect(stored).toBe(1);
  });

  it('takes the visitor address from X-Forwarded-For only behind a trusted proxy', async () => {
    const visitor = '203.0.113.7';
    for (const trustProxy of [undefined, ['loopback']]) {
      const extra = await createTestApp({ trustProxy });
      try {
        const o = await signUpOwner(extra.app, 'proxy@example.com');
        const p = await createProject(extra.app, o, 'Proxy', 'proxied');
        const tpl = await createTemplate(extra.app, o, p);
        const l = await createLink(extra.app, o, p, { name: 'x', templateId: tpl, redirectMode: 'template' });
        await extra.app.listen({ port: 0, host: '127.0.0.1' });
        const port = (extra.app.server.address() as AddressInfo).port;
        const hit = await httpGet(port, `/${l.linkId}`, {
          host: `proxied.localhost:${port}`,
          'user-agent': UA.iphoneSafari,
          'x-forwarded-for': visitor,
        });
        expect(hit.status).toBe(302);
        await extra.app.deepLinks.clicks.flush();
        const click = await extra.app.ctx.db.selectFrom('clicks').select('ip_hash').executeTakeFirstOrThrow();
        // Without a trusted proxy the header is anybody's say: the socket's address counts.
        expect(click.ip_hash).toBe(ipHash(trustProxy ? visitor : '127.0.0.1'));
      } finally {
        await extra.close();
      }
    }
  });
});

// A template saved with only a name, and no redirect settings: its links exist but send nobody
// anywhere. The console is told (hasDestination), and visitors get a page saying so, distinct
// from an unknown link's, in their language and naming nothing of the project.
describe('links with nowhere to go', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'empty@example.com');
    projectId = await createProject(t.app, owner, 'Secret Project', 'bare');
  });
  afterAll(async () => t.close());

  const get = async <T>(path: string) => {
    const answer = await call<T>(t.app, 'GET', path, { token: owner.token, projectId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  it('are marked in the console answers and answer visitors "no destination yet"', async () => {
    const created = await call<{ id: string; hasDestination: boolean }>(
      t.app,
      'POST',
      '/api/link-templates',
      {
        token: owner.token,
        projectId,
        body: { name: 'OnlyName' },
      },
    );
    // Saved (a destination can come later), and said to have none.
    expect(created.status).toBe(200);
    expect(created.body.data.hasDestination).toBe(false);
    const templateId = created.body.data.id;
    const link = await createLink(t.app, owner, projectId, {
      name: 'hidden-campaign',
      templateId,
      redirectMode: 'template',
    });
    const custom = await createLink(t.app, owner, projectId, {
      name: 'own-target',
      templateId,
      redirectMode: 'custom',
      redirects: { android: 'https://example.com/android' },
    });
    const links = await get<{ items: { id: string; hasDestination: boolean }[] }>('/api/links');
    expect(Object.fromEntries(links.items.map((l) => [l.id, l.hasDestination]))).toEqual({
      [link.id]: false,
      [custom.id]: true,
    });
    expect((await get<{ hasDestination: boolean }>(`/api/links/${link.id}`)).hasDestination).toBe(false);
    const templates = await get<{ items: { hasDestination: boolean }[] }>('/api/link-templates');
    expect(templates.items.map((i) => i.hasDestination)).toEqual([false]);

    // Visitors: the link exists but goes nowhere, in their language; an unknown link is unknown.
    const en = await openLink(t.app, 'bare', `/${link.linkId}`, UA.iphoneSafari, { lang: 'en-US,en;q=0.9' });
    expect(en.status).toBe(404);
    expect(en.location).toBeUndefined();
    expect(en.body).toContain('This link has no destination yet');
    expect(en.body).not.toContain('Link not found');
    const zh = await openLink(t.app, 'bare', `/${link.linkId}`, UA.desktopChrome, { lang: 'zh-CN' });
    expect(zh.status).toBe(404);
    expect(zh.body).toContain('链接暂无目标地址');
    expect(zh.body).not.toContain('链接不存在');
    for (const page of [en.body, zh.body])
      for (const secret of ['Secret Project', 'OnlyName', 'hidden-campaign', templateId, projectId])
        expect(page).not.toContain(secret);
    const unknown = await openLink(t.app, 'bare', '/Zz9Zz9', UA.iphoneSafari, { lang: 'en-US' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('Link not found');
    expect(unknown.body).not.toContain('no destination');
    const head = await openLink(t.app, 'bare', `/${link.linkId}`, UA.iphoneSafari, { method: 'HEAD' });
    expect(head.status).toBe(404);
    // A link with an address for Android only: an iPhone visitor is told the same.
    expect((await openLink(t.app, 'bare', `/${custom.linkId}`, UA.huaweiChrome)).location).toBe(
      'https://example.com/android',
    );
    const elsewhere = await openLink(t.app, 'bare', `/${custom.linkId}`, UA.iphoneSafari, { lang: 'en' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toContain('This link has no destination yet');

    // A default redirect setting gives every link a destination at once.
    const settings = await call(t.app, 'PUT', '/api/redirect-settings', {
      token: owner.token,
      projectId,
      body: { default: 'https://example.com/home', android: '', ios: '', windows: '' },
    });
    expect(settings.status).toBe(200);
    const after = await get<{ items: { hasDestination: boolean }[] }>('/api/links');
    expect(after.items.map((i) => i.hasDestination)).toEqual([true, true]);
    expect((await get<{ hasDestination: boolean }>(`/api/link-templates/${templateId}`)).hasDestination).toBe(
      true,
    );
    expect((await openLink(t.app, 'bare', `/${link.linkId}`, UA.iphoneSafari)).location).toBe(
      'https://example.com/home',
    );

    // An App Store address in the template: the template has a destination of its own.
    await call(t.app, 'PUT', '/api/redirect-settings', {
      token: owner.token,
      projectId,
      body: { default: '', android: '', ios: '', windows: '' },
    });
    const put = await call<{ hasDestination: boolean }>(t.app, 'PUT', `/api/link-templates/${templateId}`, {
      token: owner.token,
      projectId,
      body: { name: 'OnlyName', ios: { appStoreUrl: 'https://apps.apple.com/app/id1' } },
    });
    expect(put.body.data.hasDestination).toBe(true);
    expect((await openLink(t.app, 'bare', `/${link.linkId}`, UA.iphoneSafari)).location).toBe(
      'https://apps.apple.com/app/id1',
    );
  });
});
