import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type Answer, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { createLink, createTemplate, openLink, storeTemplate, UA, type CreatedLink } from './helpers/links';
import { accessKey, sdkEvent } from './helpers/sdk';

type Config = Record<string, unknown>;

interface BannerRow {
  id: string;
  name: string;
  status: 'online' | 'offline';
  position: 'top' | 'bottom';
  linkId: string;
  linkUrl: string | null;
  templateId: string;
  languages: string[];
  config: Config;
  createdAt: string;
  updatedAt: string;
}
interface ScriptRow {
  id: string;
  name: string;
  status: 'online' | 'offline';
  templateId: string | null;
  config: Config;
  updatedAt: string;
}
interface Counts {
  impressions: number;
  clicks: number;
  dismissals: number;
}
interface Report {
  from: string;
  to: string;
  tz: string;
  totals: Counts;
  series: ({ date: string } & Counts)[];
  byPlatform: ({ platform: string } & Counts)[];
  byPage: ({ page: string } & Counts)[];
}

const DAY = 86_400_000;
const errorsOf = (answer: Answer) => (answer.body.data as ErrorData).errors ?? [];
const errorOf = (answer: Answer) => (answer.body.data as ErrorData).error;

/** A banner config opening `linkId` (made from `templateId`). */
function bannerConfig(linkId: string, templateId: string, extra: Config = {}): Config {
  return {
    name: 'Bottom bar',
    linkTemplateId: templateId,
    linkId,
    title: { 'zh-CN': '打开 App', 'en-US': 'Open the app' },
    description: { 'zh-CN': '体验更流畅', 'en-US': 'Smoother there' },
    rating: 4.5,
    buttonText: { 'zh-CN': '打开', 'en-US': 'Open' },
    position: 'bottom',
    colors: { background: '#ffffff', text: '#333', button: '#7367f0', buttonText: '#fff' },
    radius: 8,
    dismissDays: 3,
    attribution: [
      { key: 'utm_source', value: 'site' },
      { key: 'gc_src', value: 'forged' },
    ],
    languages: ['en-US', 'zh-CN'],
    status: 'offline',
    ...extra,
  };
}

function scriptConfig(extra: Config = {}): Config {
  return {
    name: 'Site links',
    overrides: [{ key: 'utm_source', value: 'site' }],
    accessLinkParams: [{ key: 'ref', value: 'home' }],
    urlMapping: [{ deepLinkParam: 'page', accessLinkParam: 'p', defaultValue: 'home' }],
    referrerMapping: [{ referrer: 'google.com', channel: 'seo' }],
    developersConsulted: true,
    status: 'offline',
    ...extra,
  };
}

describe('web-to-app: Turbo Banners, Turbo Scripts and the web SDK routes', () => {
  let t: TestApp;
  let webDir: string;
  let owner: SignedIn;
  let viewer: SignedIn;
  let A: string;
  let B: string;
  let template: string;
  let androidTemplate: string;
  let templateB: string;
  let link: CreatedLink;
  let androidLink: CreatedLink;
  let linkB: CreatedLink;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'growth-web-'));
    const sdkDir = join(webDir, 'sdk', 'v1');
    mkdirSync(sdkDir, { recursive: true });
    for (const file of ['gc.js', 'gc-banner.js', 'gc.mjs', 'gc.d.ts', 'growth-console-web-1.0.0.tgz']) {
      const text = `/* ${file} */ ${'export const x = 1;\n'.repeat(100)}`;
      writeFileSync(join(sdkDir, file), text);
      writeFileSync(join(sdkDir, `${file}.br`), brotliCompressSync(text));
      writeFileSync(join(sdkDir, `${file}.gz`), gzipSync(text));
    }
    writeFileSync(join(webDir, 'sdk', 'version.json'), JSON.stringify({ version: '1.0.0' }));
    writeFileSync(join(webDir, 'sdk', 'secret.txt'), 'not served');
    t = await createTestApp({ webDir });
    owner = await signUpOwner(t.app, 'turbo@example.com');
    A = await createProject(t.app, owner, 'Turbo A', 'turboa');
    B = await createProject(t.app, owner, 'Turbo B', 'turbob');
    viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId: A, permission: 'view' },
    ]);
    template = await createTemplate(t.app, owner, A, storeTemplate('main'));
    androidTemplate = await createTemplate(t.app, owner, A, {
      name: 'android-only',
      android: { packageNames: 'com.example.other' },
    });
    templateB = await createTemplate(t.app, owner, B, storeTemplate('main-b'));
    link = await createLink(t.app, owner, A, {
      name: 'banner-link',
      templateId: template,
      redirectMode: 'template',
    });
    androidLink = await createLink(t.app, owner, A, {
      name: 'android-link',
      templateId: androidTemplate,
      redirectMode: 'template',
    });
    linkB = await createLink(t.app, owner, B, {
      name: 'b-link',
      templateId: templateB,
      redirectMode: 'template',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const as = (by: SignedIn = owner, projectId = A, lang: 'en' | 'zh-cn' = 'en') => ({
    token: by.token,
    projectId,
    lang,
  });
  const createBanner = (body: Config, projectId = A, lang: 'en' | 'zh-cn' = 'en') =>
    call<BannerRow>(t.app, 'POST', '/api/turbo-banners', { ...as(owner, projectId, lang), body });
  const createScript = (body: Config, projectId = A, lang: 'en' | 'zh-cn' = 'en') =>
    call<ScriptRow>(t.app, 'POST', '/api/turbo-scripts', { ...as(owner, projectId, lang), body });
  const setStatus = (kind: 'banners' | 'scripts', id: string, status: string, by = owner) =>
    call<BannerRow & ScriptRow>(t.app, 'POST', `/api/turbo-${kind}/${id}/status`, {
      ...as(by),
      body: { status },
    });
  const publicGet = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { origin: 'https://www.example.com', ...headers } });
  const sendBeacon = (url: string, events: unknown[], userAgent: string = UA.iphoneSafari, json = false) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        origin: 'https://www.example.com',
        'user-agent': userAgent,
        'content-type': json ? 'application/json' : 'text/plain;charset=UTF-8',
      },
      payload: JSON.stringify({ events }),
    });

  it('banners: create, list, filter, read, replace, go online and offline, delete', async () => {
    const created = await createBanner(bannerConfig(link.linkId, template));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Bottom bar',
      status: 'offline',
      position: 'bottom',
      linkId: link.linkId,
      linkUrl: `http://turboa.localhost/${link.linkId}`,
      templateId: template,
      languages: ['en-US', 'zh-CN'],
      config: bannerConfig(link.linkId, template),
    });
    expect(link.url).toBe(created.body.data.linkUrl);
    const id = created.body.data.id;

    t.clock.advance(60_000);
    const top = await createBanner(bannerConfig(link.linkId, template, { name: 'Top bar', position: 'top' }));
    expect(top.status).toBe(200);
    const list = await call<{ items: BannerRow[]; total: number }>(
      t.app,
      'GET',
      '/api/turbo-banners',
      as(viewer),
    );
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((b) => b.name)).toEqual(['Top bar', 'Bottom bar']);
    const searched = await call<{ items: BannerRow[] }>(t.app, 'GET', '/api/turbo-banners?q=top', as());
    expect(searched.body.data.items.map((b) => b.id)).toEqual([top.body.data.id]);

    t.clock.advance(60_000);
    const online = await setStatus('banners', id, 'online');
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    expect(online.body.data).toMatchObject({ status: 'online', config: { status: 'online' } });
    expect(online.body.data.updatedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    // The same status again changes nothing.
    const again = await setStatus('banners', id, 'online');
    expect(again.body.data.updatedAt).toBe(online.body.data.updatedAt);
    const onlineOnly = await call<{ items: BannerRow[] }>(
      t.app,
      'GET',
      '/api/turbo-banners?status=online',
      as(),
    );
    expect(onlineOnly.body.data.items.map((b) => b.id)).toEqual([id]);
    expect((await setStatus('banners', id, 'paused')).status).toBe(400);
    expect((await setStatus('banners', id, 'offline', viewer)).status).toBe(403);

    const replaced = await call<BannerRow>(t.app, 'PUT', `/api/turbo-banners/${id}`, {
      ...as(),
      body: bannerConfig(androidLink.linkId, androidTemplate, { name: 'Renamed', status: 'online' }),
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data).toMatchObject({
      name: 'Renamed',
      linkId: androidLink.linkId,
      templateId: androidTemplate,
    });
    const read = await call<BannerRow>(t.app, 'GET', `/api/turbo-banners/${id}`, as(viewer));
    expect(read.body.data).toMatchObject({ name: 'Renamed', status: 'online' });

    // Another project sees none of it.
    expect((await call(t.app, 'GET', `/api/turbo-banners/${id}`, as(owner, B))).status).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/api/turbo-banners/${id}/status`, {
          ...as(owner, B),
          body: { status: 'offline' },
        })
      ).status,
    ).toBe(404);

    const removed = await call(t.app, 'DELETE', `/api/turbo-banners/${top.body.data.id}`, as());
    expect(removed.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/turbo-banners/${top.body.data.id}`, as())).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/turbo-banners/${id}`, as(viewer))).status).toBe(403);
  });

  it("banners: the engine's rules and the server's checks answer localized field errors; nothing is stored", async () => {
    const before = await countRows(t.app);
    const colours = await createBanner(
      bannerConfig(link.linkId, template, {
        colors: { background: 'white', text: '#333', button: '#12', buttonText: '#fff' },
      }),
    );
    expect(colours.status).toBe(400);
    expect(paths(colours).sort()).toEqual(['/colors/background', '/colors/button']);
    expect(errorsOf(colours)[0].message).toBe('Enter a 3- or 6-digit hex colour such as #fff or #1677ff');

    const { title: _title, ...untitled } = bannerConfig(link.linkId, template);
    const noTitle = await createBanner(untitled);
    expect(noTitle.status).toBe(400);
    expect(paths(noTitle)).toEqual(['/title']);

    const badLinkId = await createBanner(bannerConfig('abc', template));
    expect(paths(badLinkId)).toEqual(['/linkId']);
    const badDays = await createBanner(bannerConfig(link.linkId, template, { dismissDays: 366 }));
    expect(paths(badDays)).toEqual(['/dismissDays']);

    const unknownTemplate = await createBanner(bannerConfig(link.linkId, 'nosuchtemplate'));
    expect(unknownTemplate.status).toBe(400);
    expect(errorOf(unknownTemplate)).toBe('turbo.templateUnknown');
    expect(errorsOf(unknownTemplate)).toEqual([
      { path: '/linkTemplateId', message: 'No link template of this project has this id' },
    ]);
    // Another project's template and link are unknown here.
    const crossed = await createBanner(bannerConfig(linkB.linkId, templateB), A, 'zh-cn');
    expect(errorOf(crossed)).toBe('turbo.templateUnknown');
    expect(errorsOf(crossed)).toEqual([
      { path: '/linkTemplateId', message: '本项目没有该链接模板' },
      { path: '/linkId', message: `本项目没有 ID 为“${linkB.linkId}”的链接` },
    ]);
    const unknownLink = await createBanner(bannerConfig('Zz9Zz9', template));
    expect(errorOf(unknownLink)).toBe('turbo.linkUnknown');
    expect(errorsOf(unknownLink)).toEqual([
      { path: '/linkId', message: 'No link of this project has the id "Zz9Zz9"' },
    ]);
    const otherTemplate = await createBanner(bannerConfig(androidLink.linkId, template));
    expect(errorOf(otherTemplate)).toBe('turbo.linkNotOfTemplate');
    expect(errorsOf(otherTemplate)).toEqual([
      { path: '/linkId', message: 'This link is not made from the chosen link template' },
    ]);
    expect(await countRows(t.app)).toEqual(before);
  });

  it('scripts: create with and without a template, field errors, status, delete', async () => {
    const before = await countRows(t.app);
    const { developersConsulted: _d, ...unconfirmed } = scriptConfig();
    const noConsent = await createScript(unconfirmed);
    expect(noConsent.status).toBe(400);
    expect(paths(noConsent)).toEqual(['/developersConsulted']);
    const notConsulted = await createScript(scriptConfig({ developersConsulted: false }));
    expect(errorsOf(notConsulted)).toEqual([
      { path: '/developersConsulted', message: 'Please confirm the developers were consulted' },
    ]);
    const { status: _s, ...statusless } = scriptConfig();
    expect(paths(await createScript(statusless))).toEqual(['/status']);
    const unknown = await createScript(scriptConfig({ linkTemplateId: templateB }));
    expect(errorOf(unknown)).toBe('turbo.templateUnknown');
    expect(paths(unknown)).toEqual(['/linkTemplateId']);
    expect(await countRows(t.app)).toEqual(before);

    const every = await createScript(scriptConfig());
    expect(every.status, JSON.stringify(every.body)).toBe(200);
    expect(every.body.data).toMatchObject({ name: 'Site links', status: 'offline', templateId: null });
    const scoped = await createScript(scriptConfig({ name: 'App links', linkTemplateId: template }));
    expect(scoped.body.data.templateId).toBe(template);
    const online = await setStatus('scripts', scoped.body.data.id, 'online');
    expect(online.body.data).toMatchObject({ status: 'online', config: { status: 'online' } });
    const list = await call<{ items: ScriptRow[]; total: number }>(
      t.app,
      'GET',
      '/api/turbo-scripts?status=online',
      as(viewer),
    );
    expect(list.body.data.items.map((s) => s.name)).toEqual(['App links']);
    const put = await call<ScriptRow>(t.app, 'PUT', `/api/turbo-scripts/${every.body.data.id}`, {
      ...as(),
      body: scriptConfig({ name: 'Renamed' }),
    });
    expect(put.body.data.name).toBe('Renamed');
    expect((await call(t.app, 'DELETE', `/api/turbo-scripts/${every.body.data.id}`, as())).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/turbo-scripts/${every.body.data.id}`, as())).status).toBe(404);
  });

  it('the public banner: 404 while offline, its config once online, any origin, cached a minute', async () => {
    const created = await createBanner(bannerConfig(link.linkId, template, { name: 'Public' }));
    const id = created.body.data.id;
    const offline = await publicGet(`/api/turbo/v1/banners/${id}`);
    expect(offline.statusCode).toBe(404);
    expect(offline.headers['access-control-allow-origin']).toBe('*');
    expect(offline.json()).toMatchObject({ code: 404, data: { error: 'notFound' } });
    expect((await publicGet('/api/turbo/v1/banners/nosuchbanner')).statusCode).toBe(404);

    await setStatus('banners', id, 'online');
    const served = await publicGet(`/api/turbo/v1/banners/${id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['access-control-allow-origin']).toBe('*');
    expect(served.headers['cache-control']).toBe('public, max-age=60');
    expect(served.json().data).toEqual({
      id,
      position: 'bottom',
      languages: ['en-US', 'zh-CN'],
      texts: {
        'en-US': { title: 'Open the app', description: 'Smoother there', button: 'Open' },
        'zh-CN': { title: '打开 App', description: '体验更流畅', button: '打开' },
      },
      rating: 4.5,
      colors: { background: '#ffffff', text: '#333', button: '#7367f0', buttonText: '#fff' },
      radius: 8,
      dismissDays: 3,
      platforms: ['ios', 'android'],
      url: `http://turboa.localhost/${link.linkId}`,
      params: { utm_source: 'site', gc_src: 'banner', gc_tid: id },
    });

    // An Android-only template offers Android; unset radius, rating and dismissDays take defaults.
    const plain = await createBanner(
      bannerConfig(androidLink.linkId, androidTemplate, {
        status: 'online',
        radius: undefined,
        rating: undefined,
        dismissDays: undefined,
        description: undefined,
        languages: ['zh-CN'],
      }),
    );
    const plainServed = await publicGet(`/api/turbo/v1/banners/${plain.body.data.id}`);
    expect(plainServed.json().data).toMatchObject({
      platforms: ['android'],
      rating: null,
      radius: 0,
      dismissDays: 7,
      languages: ['zh-CN'],
      texts: { 'zh-CN': { title: '打开 App', description: '', button: '打开' } },
    });

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/turbo/v1/banners/${id}/events`,
      headers: {
        origin: 'https://www.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-max-age': '86400',
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('content-type');

    await setStatus('banners', id, 'offline');
    expect((await publicGet(`/api/turbo/v1/banners/${id}`)).statusCode).toBe(404);
    const refused = await sendBeacon(`/api/turbo/v1/banners/${id}/events`, [
      { id: 'offline-event-1', type: 'impression', page: 'https://www.example.com/' },
    ]);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it('banner events: text/plain beacons, once per id, platform from the User-Agent, page cut to origin + path; the report', async () => {
    const created = await createBanner(
      bannerConfig(link.linkId, template, { name: 'Reported', status: 'online' }),
    );
    const id = created.body.data.id;
    const url = `/api/turbo/v1/banners/${id}/events`;
    const page = 'https://www.example.com/pricing?utm=x&token=secret#plans';

    const first = await sendBeacon(url, [
      { id: 'ev-iphone-1', type: 'impression', page },
      { id: 'ev-iphone-2', type: 'click', page },
      { id: 'ev-iphone-2', type: 'click', page },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.json().data).toEqual({ accepted: 2, duplicates: 1 });
    // A retried beacon counts once.
    const retried = await sendBeacon(url, [{ id: 'ev-iphone-1', type: 'impression', page }]);
    expect(retried.json().data).toEqual({ accepted: 0, duplicates: 1 });
    const android = await sendBeacon(
      url,
      [
        { id: 'ev-android-1', type: 'impression', page: 'https://www.example.com/' },
        { id: 'ev-android-2', type: 'dismiss', page: 'https://www.example.com/' },
      ],
      UA.huaweiChrome,
      true,
    );
    expect(android.json().data).toEqual({ accepted: 2, duplicates: 0 });
    // A robot's beacon is not recorded.
    const robot = await sendBeacon(
      url,
      [{ id: 'ev-robot-1', type: 'impression', page }],
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
    );
    expect(robot.json().data).toEqual({ accepted: 0, duplicates: 0 });

    const stored = await t.app.ctx.db
      .selectFrom('turbo_events')
      .select(['page', 'platform', 'time'])
      .where('target_id', '=', id)
      .orderBy('event_id')
      .execute();
    expect(stored.map((e) => [e.page, e.platform])).toEqual([
      ['https://www.example.com/', 'android'],
      ['https://www.example.com/', 'android'],
      ['https://www.example.com/pricing', 'ios'],
      ['https://www.example.com/pricing', 'ios'],
    ]);
    expect(stored[0].time).toBe(t.clock.now().toISOString());

    // The next day, from a desktop browser.
    t.clock.advance(DAY);
    await sendBeacon(
      url,
      [{ id: 'ev-desktop-1', type: 'impression', page: 'http://www.example.com:8080/a/b' }],
      UA.desktopChrome,
    );

    const bad = await sendBeacon(url, [
      { id: 'short', type: 'impression', page: 'https://www.example.com/' },
      { id: 'ev-bad-page-1', type: 'impression', page: 'javascript:alert(1)' },
      { id: 'ev-bad-type-1', type: 'rewrite', page: 'https://www.example.com/' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(paths({ status: 400, body: bad.json(), headers: {} }).sort()).toEqual([
      '/events/0/id',
      '/events/2/type',
    ]);
    const badPage = await sendBeacon(url, [
      { id: 'ev-bad-page-1', type: 'impression', page: 'ftp://files.example.com/x' },
    ]);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().data.errors).toEqual([
      { path: '/events/0/page', message: '地址必须以 http:// 或 https:// 开头' },
    ]);
    const broken = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: '{"events": [',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().data.error).toBe('invalidJson');
    expect(
      (
        await sendBeacon('/api/turbo/v1/banners/nosuchbanner/events', [
          { id: 'ev-nobody-1', type: 'click', page },
        ])
      ).statusCode,
    ).toBe(404);

    const today = t.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now().getTime() - DAY).toISOString().slice(0, 10);
    const report = await call<Report>(
      t.app,
      'GET',
      `/api/turbo-banners/${id}/report?from=${yesterday}&to=${today}`,
      as(viewer),
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data).toEqual({
      from: yesterday,
      to: today,
      tz: 'UTC',
      totals: { impressions: 3, clicks: 1, dismissals: 1 },
      series: [
        { date: yesterday, impressions: 2, clicks: 1, dismissals: 1 },
        { date: today, impressions: 1, clicks: 0, dismissals: 0 },
      ],
      byPlatform: [
        { platform: 'ios', impressions: 1, clicks: 1, dismissals: 0 },
        { platform: 'android', impressions: 1, clicks: 0, dismissals: 1 },
        { platform: 'other', impressions: 1, clicks: 0, dismissals: 0 },
      ],
      // The most seen first, then the most clicked, then by address.
      byPage: [
        { page: 'https://www.example.com/pricing', impressions: 1, clicks: 1, dismissals: 0 },
        { page: 'http://www.example.com:8080/a/b', impressions: 1, clicks: 0, dismissals: 0 },
        { page: 'https://www.example.com/', impressions: 1, clicks: 0, dismissals: 1 },
      ],
    });
    // Default: the last 7 days up to today.
    const recent = await call<Report>(t.app, 'GET', `/api/turbo-banners/${id}/report`, as());
    expect(recent.body.data.series).toHaveLength(7);
    expect(recent.body.data.to).toBe(today);
    expect(recent.body.data.totals).toEqual({ impressions: 3, clicks: 1, dismissals: 1 });
    const long = await call(
      t.app,
      'GET',
      `/api/turbo-banners/${id}/report?from=2026-01-01&to=2026-01-11`,
      as(),
    );
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      msg: 'The date range can be at most 10 days',
      data: { error: 'rangeTooLong' },
    });
    expect((await call(t.app, 'GET', `/api/turbo-banners/${id}/report`, as(owner, B))).status).toBe(404);

    // A new project time zone re-stamps the days (with the SDK rollups, in the same transaction):
    // 12 hours behind UTC, yesterday's 08:0xZ events fall on the day before.
    const zone = async (timezone: string) =>
      expect(
        (
          await call(t.app, 'PUT', `/api/projects/${A}`, {
            ...as(),
            body: { name: 'Turbo A', domainPrefix: 'turboa', timezone },
          })
        ).status,
      ).toBe(200);
    await zone('GMT-12:00');
    const dayBefore = new Date(t.clock.now().getTime() - 2 * DAY).toISOString().slice(0, 10);
    const shifted = await call<Report>(
      t.app,
      'GET',
      `/api/turbo-banners/${id}/report?from=${dayBefore}&to=${today}`,
      as(),
    );
    expect(shifted.body.data.tz).toBe('GMT-12:00');
    expect(shifted.body.data.series).toEqual([
      { date: dayBefore, impressions: 2, clicks: 1, dismissals: 1 },
      { date: yesterday, impressions: 1, clicks: 0, dismissals: 0 },
      { date: today, impressions: 0, clicks: 0, dismissals: 0 },
    ]);
    await zone('UTC');

    // Deleting the banner deletes its events.
    expect((await call(t.app, 'DELETE', `/api/turbo-banners/${id}`, as())).status).toBe(200);
    const left = await t.app.ctx.db
      .selectFrom('turbo_events')
      .select('id')
      .where('target_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it("the public script: the project's link host, its template's links, its mappings; rewrite events", async () => {
    const scoped = await createScript(
      scriptConfig({ name: 'Scoped', linkTemplateId: template, status: 'online' }),
    );
    const every = await createScript(scriptConfig({ name: 'Every', status: 'online' }));
    const served = await publicGet(`/api/turbo/v1/scripts/${scoped.body.data.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=60');
    expect(served.headers['access-control-allow-origin']).toBe('*');
    expect(served.json().data).toEqual({
      id: scoped.body.data.id,
      hosts: ['turboa.localhost'],
      linkIds: [link.linkId],
      overrides: { utm_source: 'site' },
      accessLinkParams: { ref: 'home' },
      urlMapping: [{ deepLinkParam: 'page', accessLinkParam: 'p', defaultValue: 'home' }],
      referrerMapping: [{ referrer: 'google.com', channel: 'seo' }],
      params: { gc_src: 'script', gc_tid: scoped.body.data.id },
    });
    const all = await publicGet(`/api/turbo/v1/scripts/${every.body.data.id}`);
    expect(all.json().data).toMatchObject({ hosts: ['turboa.localhost'], linkIds: null });

    const url = `/api/turbo/v1/scripts/${every.body.data.id}/events`;
    const rewrite = { id: 'ev-rewrite-1', type: 'rewrite', page: 'https://www.example.com/', links: 12 };
    expect((await sendBeacon(url, [rewrite])).json().data).toEqual({ accepted: 1, duplicates: 0 });
    expect((await sendBeacon(url, [rewrite])).json().data).toEqual({ accepted: 0, duplicates: 1 });
    const stored = await t.app.ctx.db
      .selectFrom('turbo_events')
      .selectAll()
      .where('event_id', '=', 'ev-rewrite-1')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      project_id: A,
      target_kind: 'script',
      type: 'rewrite',
      links: 12,
      platform: 'ios',
    });
    const noLinks = await sendBeacon(url, [
      { id: 'ev-rewrite-2', type: 'rewrite', page: 'https://www.example.com/' },
    ]);
    expect(paths({ status: 400, body: noLinks.json(), headers: {} })).toEqual(['/events/0/links']);

    await setStatus('scripts', every.body.data.id, 'offline');
    expect((await publicGet(`/api/turbo/v1/scripts/${every.body.data.id}`)).statusCode).toBe(404);
    expect((await sendBeacon(url, [{ ...rewrite, id: 'ev-rewrite-3' }])).statusCode).toBe(404);
  });

  it('the SDK routes: CORS preflight, text/plain bodies and the access key in the query', async () => {
    const key = await accessKey(t.app, owner, A);
    for (const url of ['/api/sdk/v1/events', '/api/sdk/v1/attribution']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://www.example.com', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode, url).toBe(204);
      expect(preflight.headers, url).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type, x-access-key',
        'access-control-max-age': '86400',
      });
    }
    const events = await t.app.inject({
      method: 'POST',
      url: `/api/sdk/v1/events?accessKey=${key}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://www.example.com' },
      payload: JSON.stringify({
        events: [sdkEvent({ eventId: 'web-beacon-1', platform: 'web', name: 'page_view' })],
      }),
    });
    expect(events.statusCode, events.body).toBe(200);
    expect(events.headers['access-control-allow-origin']).toBe('*');
    expect(events.json().data).toMatchObject({ accepted: 1, duplicates: 0, rejected: [] });
    // The header wins over the query.
    const both = await t.app.inject({
      method: 'POST',
      url: `/api/sdk/v1/events?accessKey=${key}`,
      headers: { 'x-access-key': 'not-a-key' },
      payload: { events: [sdkEvent({})] },
    });
    expect(both.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/events?accessKey=not-a-key',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ events: [sdkEvent({})] }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['access-control-allow-origin']).toBe('*');
    expect(wrong.json().data.error).toBe('accessKeyInvalid');
    const attribution = await t.app.inject({
      method: 'POST',
      url: `/api/sdk/v1/attribution?accessKey=${key}`,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ type: 'open', deviceId: 'web-device', platform: 'web' }),
    });
    expect(attribution.statusCode, attribution.body).toBe(200);
    expect(attribution.headers['access-control-allow-origin']).toBe('*');
    // The request log keeps the key masked.
    await t.app.sdkRequestLogs.flush();
    const logged = await t.app.ctx.db
      .selectFrom('api_request_logs')
      .select('path')
      .where('project_id', '=', A)
      .execute();
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const row of logged) expect(row.path).not.toContain(key);
    expect(logged.map((r) => r.path)).toContain(`/api/sdk/v1/events?accessKey=${key.slice(0, 4)}****`);
  });

  it("the link report's bySource counts a click made through a script and the install it brought", async () => {
    const fresh = await createLink(t.app, owner, A, {
      name: 'source-link',
      templateId: template,
      redirectMode: 'template',
    });
    const ip = '198.51.100.44';
    expect(
      (await openLink(t.app, 'turboa', `/${fresh.linkId}?gc_src=script&gc_tid=abc`, UA.iphoneSafari, { ip }))
        .status,
    ).toBe(302);
    expect(
      (
        await openLink(t.app, 'turboa', `/${fresh.linkId}?gc_src=banner`, UA.huaweiChrome, {
          ip: '198.51.100.45',
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await openLink(t.app, 'turboa', `/${fresh.linkId}?channel=x`, UA.xiaomiChrome, {
          ip: '198.51.100.46',
        })
      ).status,
    ).toBe(302);
    await t.app.deepLinks.clicks.flush();
    const key = await accessKey(t.app, owner, A);
    const install = await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/attribution',
      headers: { 'x-access-key': key },
      payload: {
        type: 'install',
        deviceId: 'script-device',
        platform: 'ios',
        userAgent: UA.iphoneSafari,
        ip,
      },
      remoteAddress: ip,
    });
    expect(install.json().data).toMatchObject({ matched: true, linkId: fresh.linkId });
    const report = await call<{ bySource: unknown[]; totals: Record<string, number> }>(
      t.app,
      'GET',
      `/api/links/${fresh.id}/report`,
      as(),
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data.totals).toEqual({ clicks: 3, installs: 1, opens: 0, registrations: 0 });
    expect(report.body.data.bySource).toEqual([
      { source: 'banner', clicks: 1, installs: 0, opens: 0, registrations: 0 },
      { source: 'script', clicks: 1, installs: 1, opens: 0, registrations: 0 },
      { source: 'other', clicks: 1, installs: 0, opens: 0, registrations: 0 },
    ]);
  });

  it('serves the web SDK files with their headers, precompressed by Accept-Encoding; nothing else under /sdk/', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/sdk/v1/gc.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBeTruthy();
    expect(plain.body).toContain('/* gc.js */');
    const br = await t.app.inject({
      method: 'GET',
      url: '/sdk/v1/gc.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      'access-control-allow-origin': '*',
    });
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/sdk/v1/gc-banner.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/sdk/v1/gc.js',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    const esm = await t.app.inject({ method: 'GET', url: '/sdk/v1/gc.mjs' });
    expect(esm.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const types = await t.app.inject({
      method: 'GET',
      url: '/sdk/v1/gc.d.ts',
      headers: { 'accept-encoding': 'br' },
    });
    expect(types.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-encoding': 'br',
    });
    const exact = await t.app.inject({ method: 'GET', url: '/sdk/1.0.0/gc-banner.js' });
    expect(exact.statusCode).toBe(200);
    expect(exact.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await t.app.inject({ method: 'HEAD', url: '/sdk/1.0.0/gc.js' });
    expect(head.statusCode).toBe(200);
    // The npm tarball of gc.mjs and its types, and the version the build names.
    const tarball = await t.app.inject({ method: 'GET', url: '/sdk/v1/growth-console-web-1.0.0.tgz' });
    expect(tarball.headers).toMatchObject({
      'content-type': 'application/gzip',
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
    });
    const version = await t.app.inject({ method: 'GET', url: '/sdk/version.json' });
    expect(version.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache',
    });
    expect(version.json()).toEqual({ version: '1.0.0' });

    for (const url of [
      '/sdk/2.0.0/gc.js',
      '/sdk/v2/gc.js',
      '/sdk/v1/other.js',
      '/sdk/v1/gc.js.br',
      '/sdk/v1/..%2F..%2Findex.html',
      '/sdk/v1/..%2Fversion.json',
      '/sdk/secret.txt',
      '/sdk/v1/growth-console-web-0.9.0.tgz',
      '/sdk/1.0.0/..%2Fsecret.txt',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ code: 404, data: { error: 'notFound' } });
    }
  });
});
