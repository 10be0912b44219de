import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { localDayNumber } from '../../src/engine/rules/timeZone';
import { parseRequestId, quarterOf, requestIdOf } from '../../src/server/ads/requestIds';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, type Answer, type ErrorData } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { openLink, UA } from './helpers/links';

type Config = Record<string, unknown>;

interface StrategyRow {
  id: string;
  number: number;
  name: string;
  type: string;
  distribution: string;
  urlCount: number;
  languages: string[];
  serveUrl: string;
  config: Config;
}
interface Served {
  requestId: string;
  url: string;
  target: string;
}
interface Shares {
  distribution: string;
  window: { from: string; to: string };
  urls: {
    url: string;
    language: string;
    ratio: number;
    share: number;
    serves: number;
    clicks: number;
    incomeMicros: number;
    reason: string;
  }[];
}

const VISITORS = 10_000;
const A = 'https://ads-a.example.com/offer';
const B = 'https://ads-b.example.com/offer?src=site';
const C = 'https://ads-c.example.com/offer#top';
const ZH = 'https://zh.example.com/ad';
const EN1 = 'https://en1.example.com/ad';
const EN2 = 'https://en2.example.com/ad';
const JA = 'https://ja.example.com/ad';

/** Many real-looking user agents: the visitor key of an address-only visitor is address + agent. */
const AGENTS = [
  UA.iphoneSafari,
  UA.huaweiChrome,
  UA.xiaomiChrome,
  UA.desktopChrome,
  UA.wechat,
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (iPad; CPU OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
];

const general = (urls: [string, number][], extra: Config = {}): Config => ({
  name: 'General',
  type: 'general',
  distribution: 'custom',
  urls: urls.map(([url, ratio]) => ({ url, ratio })),
  ...extra,
});

const byLanguage: Config = {
  name: 'By language',
  type: 'by-language',
  distribution: 'custom',
  defaultLanguage: 'zh-CN',
  languages: [
    { language: 'zh-CN', enabled: true, urls: [{ url: ZH, ratio: 100 }] },
    {
      language: 'en-US',
      enabled: true,
      urls: [
        { url: EN1, ratio: 60 },
        { url: EN2, ratio: 40 },
      ],
    },
    { language: 'ja-JP', enabled: false, urls: [{ url: JA, ratio: 100 }] },
  ],
};

const errorOf = (answer: Answer) => (answer.body.data as ErrorData).error;
const baseOf = (target: string) => target.replace(/[?&]gc_cid=[^&#]*/, '').replace(/\?(?=#|$)/, '');

describe('ads serving: strategies, the serve API and the link host', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let other: string;
  let ratios: StrategyRow;
  let languages: StrategyRow;

  const api = <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    project = projectId,
  ) => call<T>(t.app, method, url, { token: owner.token, projectId: project, body });

  const serve = (id: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/ads/v1/serve/${id}?${new URLSearchParams(query)}`,
      headers: { 'user-agent': UA.iphoneSafari, ...headers },
      remoteAddress: headers['x-test-ip'] ?? '203.0.113.9',
    });

  async function create(config: Config, project = projectId): Promise<StrategyRow> {
    // One second apart: lists are newest first.
    t.clock.advance(1000);
    const answer = await api<StrategyRow>('POST', '/api/ads/strategies', config, project);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  /** A strategy's stored counters by URL (null: unmatched) and domain, summed over quarters. */
  async function rows(strategyId: string) {
    await t.app.adsServing.queue.flush();
    const stored = await t.app.ctx.db
      .selectFrom('ad_serves')
      .leftJoin('ad_urls', 'ad_urls.id', 'ad_serves.url_id')
      .select(['ad_urls.url', 'ad_serves.domain', 'ad_serves.requests', 'ad_serves.clicks'])
      .where('ad_serves.strategy_id', '=', strategyId)
      .execute();
    const byKey = new Map<string, { url: string | null; domain: string; requests: number; clicks: number }>();
    for (const row of stored) {
      const key = `${row.url ?? ''} ${row.domain}`;
      const counter = byKey.get(key) ?? { url: row.url ?? null, domain: row.domain, requests: 0, clicks: 0 };
      counter.requests += Number(row.requests);
      counter.clicks += Number(row.clicks);
      byKey.set(key, counter);
    }
    const counters = [...byKey.values()];
    const sum = (pick: (c: (typeof counters)[number]) => number) => counters.reduce((n, c) => n + pick(c), 0);
    return {
      counters,
      requests: sum((c) => c.requests),
      serves: sum((c) => (c.url === null ? 0 : c.requests)),
      clicks: sum((c) => c.clicks),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Ads', 'adsrv', 'Asia/Shanghai');
    other = await createProject(t.app, owner, 'Other', 'adsother');
    const settings = await api('PUT', '/api/ads/settings', { enabled: true });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    ratios = await create(
      general([
        [A, 50],
        [B, 30],
        [C, 20],
      ]),
    );
    languages = await create(byLanguage);
  });
  afterAll(async () => t.close());

  it('strategies are numbered per project, name their serve URL and get a row per URL', async () => {
    expect(ratios).toMatchObject({
      number: 1,
      name: 'General',
      type: 'general',
      distribution: 'custom',
      urlCount: 3,
      languages: [],
      serveUrl: `http://adsrv.localhost/s/${ratios.id}`,
    });
    expect(languages).toMatchObject({
      number: 2,
      type: 'by-language',
      urlCount: 3,
      languages: ['zh-CN', 'en-US'],
    });
    const elsewhere = await create(general([[A, 100]]), other);
    expect(elsewhere.number).toBe(1);
    const urls = await t.app.ctx.db
      .selectFrom('ad_urls')
      .select('url')
      .where('strategy_id', '=', languages.id)
      .orderBy('url')
      .execute();
    // Disabled languages' URLs get their row too: a later switch serves them without a save.
    expect(urls.map((u) => u.url)).toEqual([EN1, EN2, JA, ZH].sort());
    const list = await api<{ items: StrategyRow[]; total: number }>('GET', '/api/ads/strategies');
    expect(list.body.data.items.map((s) => s.number)).toEqual([2, 1]);
  });

  it(`${VISITORS} visitors through the serve API match the ratios within 2 points and keep their URL`, async () => {
    const counts = new Map<string, number>();
    const first = new Map<string, string>();
    for (let i = 0; i < VISITORS; i += 1) {
      const answer = await serve(
        ratios.id,
        { vid: `visitor-${i}` },
        { 'user-agent': AGENTS[i % AGENTS.length] },
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      const data = (answer.json() as { data: Served }).data;
      expect(data.url).toBe(`http://console.test/api/ads/v1/click/${data.requestId}`);
      const base = baseOf(data.target);
      counts.set(base, (counts.get(base) ?? 0) + 1);
      if (i < 300) first.set(`visitor-${i}`, data.target.replace(data.requestId, ''));
    }
    expect([...counts.keys()].sort()).toEqual([A, B, C].sort());
    for (const [url, ratio] of [
      [A, 0.5],
      [B, 0.3],
      [C, 0.2],
    ] as const)
      expect(Math.abs((counts.get(url) ?? 0) / VISITORS - ratio), url).toBeLessThan(0.02);
    // The same visitor, again (another agent: a site's own id wins), keeps its URL.
    for (const [vid, target] of first) {
      const again = (await serve(ratios.id, { vid }, { 'user-agent': UA.desktopChrome })).json() as {
        data: Served;
      };
      expect(again.data.target.replace(again.data.requestId, '')).toBe(target);
    }
    const counted = await rows(ratios.id);
    expect([counted.requests, counted.serves]).toEqual([VISITORS + first.size, VISITORS + first.size]);
    // Serves through the API are not clicks until the visitor follows them.
    expect(counted.clicks).toBe(0);
  }, 300_000);

  it(`${VISITORS} visitors through the link host match the ratios too, each request and click recorded`, async () => {
    const before = await rows(ratios.id);
    const counts = new Map<string, number>();
    for (let i = 0; i < VISITORS; i += 1) {
      // Address-only visitors: the salted address hash and the user agent are the key.
      const hit = await openLink(t.app, 'adsrv', `/s/${ratios.id}`, AGENTS[i % AGENTS.length], {
        ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      });
      expect(hit.status).toBe(302);
      expect(hit.headers['cache-control']).toBe('no-store');
      const base = baseOf(hit.location ?? '');
      counts.set(base, (counts.get(base) ?? 0) + 1);
    }
    for (const [url, ratio] of [
      [A, 0.5],
      [B, 0.3],
      [C, 0.2],
    ] as const)
      expect(Math.abs((counts.get(url) ?? 0) / VISITORS - ratio), url).toBeLessThan(0.02);
    // The same address and agent keeps its URL.
    const one = await openLink(t.app, 'adsrv', `/s/${ratios.id}`, UA.huaweiChrome, { ip: '198.51.100.7' });
    for (let i = 0; i < 20; i += 1) {
      const again = await openLink(t.app, 'adsrv', `/s/${ratios.id}`, UA.huaweiChrome, {
        ip: '198.51.100.7',
      });
      expect(baseOf(again.location ?? '')).toBe(baseOf(one.location ?? ''));
    }
    const after = await rows(ratios.id);
    const added = after.requests - before.requests;
    expect(added).toBe(VISITORS + 21);
    expect(after.serves - before.serves).toBe(added);
    // A link-host serve is followed at once: each one is a click.
    expect(after.clicks - before.clicks).toBe(added);
  }, 300_000);

  it('a served URL carries the request id in the click id parameter, before any fragment', async () => {
    const targets = new Map<string, string>();
    for (let i = 0; targets.size < 3 && i < 200; i += 1) {
      const data = ((await serve(ratios.id, { vid: `param-${i}` })).json() as { data: Served }).data;
      targets.set(baseOf(data.target), data.target.replace(data.requestId, 'RID'));
    }
    expect(targets.get(A)).toBe(`${A}?gc_cid=RID`);
    expect(targets.get(B)).toBe(`${B}&gc_cid=RID`);
    expect(targets.get(C)).toBe('https://ads-c.example.com/offer?gc_cid=RID#top');
    const own = await create(general([[A, 100]], { name: 'Own param', clickIdParam: 'cid' }));
    const none = await create(general([[A, 100]], { name: 'No param', clickIdParam: '' }));
    const ownServed = ((await serve(own.id)).json() as { data: Served }).data;
    expect(ownServed.target).toBe(`${A}?cid=${ownServed.requestId}`);
    expect(((await serve(none.id)).json() as { data: Served }).data.target).toBe(A);
    const bad = await api('POST', '/api/ads/strategies', general([[A, 100]], { clickIdParam: 'a b' }));
    expect(bad.status).toBe(400);
  });

  it("by-language strategies serve the language's URLs and fall back to the default language", async () => {
    const targetFor = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
      const answer = await serve(languages.id, query, headers);
      return baseOf((answer.json() as { data: Served }).data.target);
    };
    const english = new Set<string>();
    for (let i = 0; i < 60; i += 1) english.add(await targetFor({ vid: `en-${i}`, lang: 'en-US' }));
    expect([...english].sort()).toEqual([EN1, EN2].sort());
    expect([EN1, EN2]).toContain(await targetFor({ lang: 'en-GB' }));
    expect([EN1, EN2]).toContain(await targetFor({}, { 'accept-language': 'en-US,en;q=0.9,zh-CN;q=0.8' }));
    expect(await targetFor({ lang: 'zh-CN' })).toBe(ZH);
    // Unknown and disabled languages (ja-JP) fall back to zh-CN, the default.
    expect(await targetFor({ lang: 'fr-FR' })).toBe(ZH);
    expect(await targetFor({ lang: 'ja-JP' })).toBe(ZH);
    expect(await targetFor({})).toBe(ZH);
    const hit = await openLink(t.app, 'adsrv', `/s/${languages.id}`, UA.desktopChrome, {
      lang: 'en-US,en;q=0.8',
    });
    expect([EN1, EN2]).toContain(baseOf(hit.location ?? ''));
    const counted = await rows(languages.id);
    expect([counted.requests, counted.serves, counted.clicks]).toEqual([67, 67, 1]);
  });

  it('unmatched requests are recorded: a page outside the URL pattern, a language without URLs', async () => {
    const shop = await create(
      general([[A, 100]], { name: 'Shop pages', urlPattern: '*.shop.example.com/*' }),
    );
    const onShop = await serve(shop.id, { page: 'https://www.shop.example.com/cart?x=1' });
    expect(onShop.statusCode).toBe(200);
    const byReferer = await serve(shop.id, {}, { referer: 'https://m.shop.example.com/item/1' });
    expect(byReferer.statusCode).toBe(200);
    const elsewhere = await serve(shop.id, { page: 'https://blog.example.com/post' }, { 'x-lang': 'en' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({
      code: 404,
      msg: 'No ad to serve for this request',
      data: { error: 'ads.noAd' },
    });
    expect(elsewhere.headers['access-control-allow-origin']).toBe('*');
    const noPage = await serve(shop.id);
    expect(errorOf({ status: noPage.statusCode, body: noPage.json(), headers: {} })).toBe('ads.noAd');
    // Link host: no ad -> the redirect settings' default, or the 404 page without one.
    const page404 = await openLink(
      t.app,
      'adsrv',
      `/s/${shop.id}?page=${encodeURIComponent('https://x.example.org/')}`,
      UA.iphoneSafari,
    );
    expect(page404.status).toBe(404);
    expect(page404.body).toMatch(/<html/i);
    await api('PUT', '/api/redirect-settings', {
      default: 'https://fallback.example.com/',
      android: '',
      ios: '',
      windows: '',
    });
    t.app.adsServing.cache.clear();
    const fallback = await openLink(t.app, 'adsrv', `/s/${shop.id}`, UA.iphoneSafari);
    expect([fallback.status, fallback.location]).toEqual([302, 'https://fallback.example.com/']);
    const { counters, clicks } = await rows(shop.id);
    expect(counters.map((c) => [c.url === null, c.domain, c.requests]).sort()).toEqual(
      [
        [false, 'www.shop.example.com', 1],
        [false, 'm.shop.example.com', 1],
        [true, 'blog.example.com', 1],
        [true, '', 2],
        [true, 'x.example.org', 1],
      ].sort(),
    );
    expect(clicks).toBe(0);
  });

  it('a click is recorded once and redirects to the target; unknown or unmatched requests are the 404 page', async () => {
    const data = (
      (await serve(ratios.id, { vid: 'clicker', page: 'https://news.example.com/a' })).json() as {
        data: Served;
      }
    ).data;
    const path = new URL(data.url).pathname;
    for (let i = 0; i < 3; i += 1) {
      const click = await t.app.inject({ method: 'GET', url: path });
      expect([click.statusCode, click.headers.location]).toEqual([302, data.target]);
    }
    // Once more after the serve's counters are written.
    await t.app.adsServing.queue.flush();
    const later = await t.app.inject({ method: 'GET', url: path });
    expect([later.statusCode, later.headers.location]).toEqual([302, data.target]);
    await t.app.adsServing.queue.flush();
    const stored = await t.app.ctx.db
      .selectFrom('ad_clicks')
      .selectAll()
      .where('request_id', '=', data.requestId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ strategy_id: ratios.id, project_id: projectId });
    const news = (await rows(ratios.id)).counters.filter((c) => c.domain === 'news.example.com');
    expect(news.map((c) => [c.requests, c.clicks])).toEqual([[1, 1]]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/ads/v1/click/nosuchrequest0' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
    expect(unknown.headers.location).toBeUndefined();
    // Ids nothing was served for: unmatched (no URL), another page's domain, another quarter hour.
    const ref = parseRequestId(data.requestId);
    if (!ref) throw new Error('a served id parses');
    const now = t.clock.now().getTime();
    // Not younger than a serve another server may still hold (no waiting for one here).
    t.clock.advance(t.app.adsServing.queue.writtenWithinMs);
    for (const id of [
      requestIdOf(now, 1, 'api', null, 'news.example.com'),
      requestIdOf(now, 1, 'api', ref.urlId, 'forged.example.com'),
      requestIdOf(now - 86_400_000, 1, 'api', ref.urlId, 'news.example.com'),
    ])
      expect((await t.app.inject({ method: 'GET', url: `/api/ads/v1/click/${id}` })).statusCode, id).toBe(
        404,
      );
  });

  it('a click reaching another server right after its serve waits for that server to write the serve', async () => {
    // Two servers on one database (behind a load balancer): the serve is counted only in the
    // first one's queue when the visitor's click reaches the second.
    const second = await buildApp({
      databaseUrl: t.databaseUrl,
      now: t.clock.now,
      webDir: '/nonexistent',
      publicUrl: 'http://console.test',
      schedulerIntervalMs: 0,
    });
    try {
      const data = (
        (await serve(ratios.id, { vid: 'roamer', page: 'https://roam.example.com/a' })).json() as {
          data: Served;
        }
      ).data;
      const path = new URL(data.url).pathname;
      const started = performance.now();
      const click = second.inject({ method: 'GET', url: path });
      // The first server writes its counters (its timer would, within its interval).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await t.app.adsServing.queue.flush();
      const answer = await click;
      expect([answer.statusCode, answer.headers.location]).toEqual([302, data.target]);
      // Answered once the first server wrote it, not at the end of the wait.
      expect(performance.now() - started).toBeLessThan(second.adsServing.queue.writtenWithinMs);
      const roam = (await rows(ratios.id)).counters.filter((c) => c.domain === 'roam.example.com');
      expect(roam.map((c) => [c.requests, c.clicks])).toEqual([[1, 1]]);
    } finally {
      await second.close();
    }
  });

  it("serves count on the visitor's local day in the project's zone, and follow a time zone change", async () => {
    // The test clock is 2026-03-01 08:00Z; 20:00Z is already 03-02 in Shanghai.
    t.clock.advance(12 * 3_600_000);
    const strategy = await create(general([[A, 100]], { name: 'Late' }));
    const data = ((await serve(strategy.id, { vid: 'late' })).json() as { data: Served }).data;
    await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
    const byDate = async () => {
      const report = await api<{ series: { date: string; requests: number; clicks: number }[] }>(
        'GET',
        `/api/ads/report?from=2026-03-01&to=2026-03-02&groupBy=date&currency=USD&strategyId=${strategy.id}`,
      );
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      return report.body.data.series.map((d) => [d.date, d.requests, d.clicks]);
    };
    expect(await byDate()).toEqual([
      ['2026-03-01', 0, 0],
      ['2026-03-02', 1, 1],
    ]);
    const changed = await call(t.app, 'PUT', `/api/projects/${projectId}`, {
      token: owner.token,
      body: { name: 'Ads', domainPrefix: 'adsrv', timezone: 'America/New_York' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await byDate()).toEqual([
      ['2026-03-01', 1, 1],
      ['2026-03-02', 0, 0],
    ]);
    t.clock.advance(-12 * 3_600_000);
  });

  it('the module switch off serves nothing: the API says ads.noAd, the link host the fallback', async () => {
    const off = await api('PUT', '/api/ads/settings', { enabled: false });
    expect(off.status).toBe(200);
    const answer = await serve(ratios.id, { vid: 'off-visitor' });
    expect(answer.statusCode).toBe(404);
    expect((answer.json() as { data: ErrorData }).data.error).toBe('ads.noAd');
    const hit = await openLink(t.app, 'adsrv', `/s/${ratios.id}`, UA.iphoneSafari);
    expect([hit.status, hit.location]).toEqual([302, 'https://fallback.example.com/']);
    // Both recorded as unmatched requests (the API's and the link host's).
    const { counters } = await rows(ratios.id);
    expect(counters.filter((c) => c.url === null).map((c) => c.requests)).toEqual([2]);
    await api('PUT', '/api/ads/settings', { enabled: true });
    expect((await serve(ratios.id, { vid: 'off-visitor' })).statusCode).toBe(200);
  });

  it('never an open redirect: unsafe URLs are neither saved nor served, hosts keep to their project', async () => {
    for (const url of [
      'javascript:alert(1)',
      'http://127.0.0.1/admin',
      'https://10.0.0.1/',
      '//evil.example.com/',
    ]) {
      const refused = await api('POST', '/api/ads/strategies', general([[url, 100]]));
      expect(refused.status, url).toBe(400);
    }
    // A config that bypassed the checks (an older save, a hand edit) still serves no unsafe URL.
    const strategy = await create(general([[A, 100]], { name: 'Tampered' }));
    const tampered = general([
      ['http://127.0.0.1/admin', 50],
      ['javascript:alert(1)', 50],
    ]);
    await t.app.ctx.db
      .updateTable('ads_strategies')
      .set({ config: JSON.stringify(tampered) })
      .where('id', '=', strategy.id)
      .execute();
    t.app.adsServing.cache.forget(strategy.id);
    expect((await serve(strategy.id)).statusCode).toBe(404);
    const hit = await openLink(t.app, 'adsrv', `/s/${strategy.id}`, UA.iphoneSafari);
    expect(hit.location).toBe('https://fallback.example.com/');
    // Another project's host, unknown ids and other paths: the 404 page, no Location.
    for (const path of [
      `/s/${ratios.id}`,
      '/s/nosuchstrategy',
      `/s/${ratios.id}/x`,
      `/s/${ratios.id}?page=https://evil.example.com`,
    ]) {
      const wrongHost = await openLink(t.app, 'adsother', path, UA.iphoneSafari);
      expect([wrongHost.status, wrongHost.location], path).toEqual([404, undefined]);
    }
    // The visitor's query never chooses the target.
    const chosen = await openLink(
      t.app,
      'adsrv',
      `/s/${ratios.id}?url=https://evil.example.com&vid=x`,
      UA.iphoneSafari,
    );
    expect(chosen.location).not.toMatch(/evil/);
    expect((await serve('nosuchstrategy')).statusCode).toBe(404);
  });

  it('HEAD answers like GET and records nothing', async () => {
    const before = (await rows(ratios.id)).requests;
    const head = await openLink(t.app, 'adsrv', `/s/${ratios.id}`, UA.iphoneSafari, { method: 'HEAD' });
    expect(head.status).toBe(302);
    const api = await t.app.inject({ method: 'HEAD', url: `/api/ads/v1/serve/${ratios.id}` });
    expect(api.statusCode).toBe(200);
    expect((await rows(ratios.id)).requests).toBe(before);
  });

  it('shares: configured ratios for custom strategies, AI shares over the last 7 days for ai ones', async () => {
    const custom = await api<Shares>('GET', `/api/ads/strategies/${ratios.id}/shares`);
    expect(custom.status).toBe(200);
    expect(custom.body.data.distribution).toBe('custom');
    expect(custom.body.data.window).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    const byUrl = new Map(custom.body.data.urls.map((u) => [u.url, u]));
    expect(byUrl.get(A)).toMatchObject({ language: '', ratio: 50, share: 0.5 });
    expect(byUrl.get(C)).toMatchObject({ ratio: 20, share: 0.2 });
    expect(custom.body.data.urls.reduce((n, u) => n + u.serves, 0)).toBeGreaterThan(2 * VISITORS);
    expect(custom.body.data.urls.reduce((n, u) => n + u.clicks, 0)).toBeGreaterThan(VISITORS);

    const ai = await create({ ...byLanguage, name: 'AI', distribution: 'ai' });
    const shares = await api<Shares>('GET', `/api/ads/strategies/${ai.id}/shares`);
    expect(shares.body.data.distribution).toBe('ai');
    const en = shares.body.data.urls.filter((u) => u.language === 'en-US');
    expect(en.map((u) => u.url)).toEqual([EN1, EN2]);
    // No figures yet: every URL explores, evenly.
    expect(en.map((u) => [u.share, u.reason])).toEqual([
      [0.5, 'exploring'],
      [0.5, 'exploring'],
    ]);
    expect(shares.body.data.urls.filter((u) => u.language === 'ja-JP')).toEqual([]);
    const missing = await api('GET', '/api/ads/strategies/nosuchstrategy/shares');
    expect(missing.status).toBe(404);

    // Figures of this week: 1 000 serves each, EN2 earning five times what EN1 earns per serve.
    const account = await api<{ id: string }>('POST', '/api/ads/accounts', {
      name: 'Network',
      network: 'custom',
      currency: 'USD',
    });
    const urlIds = new Map(
      (
        await t.app.ctx.db
          .selectFrom('ad_urls')
          .select(['id', 'url'])
          .where('strategy_id', '=', ai.id)
          .execute()
      ).map((u) => [u.url, u.id]),
    );
    const day = localDayNumber(t.clock.now().getTime(), 'America/New_York');
    const time = t.clock.now().toISOString();
    for (const [url, micros] of [
      [EN1, 1_000],
      [EN2, 5_000],
    ] as const) {
      const urlId = urlIds.get(url) as string;
      await t.app.ctx.db
        .insertInto('ad_serves')
        .values({
          project_id: projectId,
          quarter: quarterOf(t.clock.now().getTime()),
          strategy_id: ai.id,
          url_id: urlId,
          domain: '',
          requests: 1000,
          clicks: 0,
        })
        .execute();
      await t.app.ctx.db
        .insertInto('ad_income')
        .values(
          Array.from({ length: 100 }, (_, i) => ({
            id: `income-${urlId}-${i}`,
            project_id: projectId,
            account_id: account.body.data.id,
            txid: `tx-${urlId}-${i}`,
            kind: 'credit' as const,
            amount_micros: micros * 10,
            currency: 'USD',
            request_id: null,
            strategy_id: ai.id,
            url_id: urlId,
            domain: '',
            day,
            time,
            source: 'import' as const,
            offer_id: null,
            participant_id: null,
            created_at: time,
          })),
        )
        .execute();
    }
    const learned = await api<Shares>('GET', `/api/ads/strategies/${ai.id}/shares`);
    const byEn = new Map(learned.body.data.urls.filter((u) => u.language === 'en-US').map((u) => [u.url, u]));
    expect(byEn.get(EN2)).toMatchObject({ serves: 1000, incomeMicros: 5_000_000, reason: 'leading' });
    expect(byEn.get(EN1)).toMatchObject({ serves: 1000, incomeMicros: 1_000_000 });
    const share = byEn.get(EN2)?.share ?? 0;
    expect(share).toBeGreaterThan(0.8);
    // The serving path uses the same shares (the strategy's cache entry is read afresh).
    t.app.adsServing.cache.forget(ai.id);
    let toEn2 = 0;
    for (let i = 0; i < 2000; i += 1) {
      const target = ((await serve(ai.id, { vid: `ai-${i}`, lang: 'en-US' })).json() as { data: Served }).data
        .target;
      if (baseOf(target) === EN2) toEn2 += 1;
    }
    expect(Math.abs(toEn2 / 2000 - share)).toBeLessThan(0.03);
  }, 240_000);

  it('saving a strategy reaches the serving path at once; deleting it ends the serve URL', async () => {
    const strategy = await create(general([[A, 100]], { name: 'Edited' }));
    expect(baseOf(((await serve(strategy.id)).json() as { data: Served }).data.target)).toBe(A);
    const saved = await api<StrategyRow>(
      'PUT',
      `/api/ads/strategies/${strategy.id}`,
      general([[B, 100]], { name: 'Edited' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.number).toBe(strategy.number);
    expect(baseOf(((await serve(strategy.id)).json() as { data: Served }).data.target)).toBe(B);
    const urls = await t.app.ctx.db
      .selectFrom('ad_urls')
      .select('url')
      .where('strategy_id', '=', strategy.id)
      .execute();
    expect(urls.map((u) => u.url).sort()).toEqual([A, B].sort());
    expect((await api('DELETE', `/api/ads/strategies/${strategy.id}`)).status).toBe(200);
    expect((await serve(strategy.id)).statusCode).toBe(404);
    expect((await openLink(t.app, 'adsrv', `/s/${strategy.id}`, UA.iphoneSafari)).status).toBe(404);
    await t.app.adsServing.queue.flush();
    const left = await t.app.ctx.db
      .selectFrom('ad_serves')
      .select('url_id')
      .where('strategy_id', '=', strategy.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('the serve API answers the CORS preflight', async () => {
    const preflight = await t.app.inject({ method: 'OPTIONS', url: `/api/ads/v1/serve/${ratios.id}` });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });
});
