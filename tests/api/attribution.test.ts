import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, paths, type Answer } from './helpers/api';
import { createProject, login, signUpOwner, type SignedIn } from './helpers/accounts';
import {
  accessKeyOf,
  createLink,
  createTemplate,
  openLink,
  storeTemplate,
  UA,
  type CreatedLink,
} from './helpers/links';

interface Attributed {
  matched: boolean;
  linkId: string | null;
  clickId: string | null;
  deferredData: Record<string, string>;
  deeplink: string | null;
  params: Record<string, string>;
  ua?: string;
}

const DAY = 86_400_000;

// SDK attribution: a later install, open or registration is matched to the recorded click and
// gets the link's deferred deep link data; the template's callbacks fire after the answer.
describe('attribution', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let key: string;
  let templateId: string;
  let link: CreatedLink;
  let other: CreatedLink;
  const received: { body: Record<string, unknown>; headers: IncomingMessage['headers'] }[] = [];
  let hook: Server;
  let hookUrl: string;

  beforeAll(async () => {
    hook = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => {
        received.push({ body: JSON.parse(data) as Record<string, unknown>, headers: req.headers });
        res.statusCode = req.url === '/fail' ? 500 : 200;
        res.end('success');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;

    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Attr', 'attr');
    key = await accessKeyOf(t.app, projectId);
    templateId = await createTemplate(t.app, owner, projectId, {
      ...storeTemplate(),
      attributionWindowDays: 7,
    });
    link = await createLink(t.app, owner, projectId, {
      name: 'spring',
      templateId,
      redirectMode: 'template',
      address: 'promo/spring',
      deferredData: [
        { key: 'page', value: 'promo' },
        { key: 'coupon', value: 'SPRING50' },
      ],
      attribution: { utmSource: 'newsletter', utmCampaign: 'spring' },
    });
    other = await createLink(t.app, owner, projectId, {
      name: 'other',
      templateId,
      redirectMode: 'template',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => hook.close(resolve));
  });

  // accessKey null: no X-Access-Key header at all.
  const report = (body: Record<string, unknown>, ip = '198.51.100.20', accessKey: string | null = key) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/sdk/v1/attribution',
        headers: { ...(accessKey !== null ? { 'x-access-key': accessKey } : {}), 'x-lang': 'en' },
        payload: body,
        remoteAddress: ip,
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }) as Answer<Attributed>);

  it('a wrong or missing access key answers 401, before the body is looked at', async () => {
    for (const accessKey of ['wrong-key', '', null]) {
      const answer = await report({ type: 'install' }, '198.51.100.20', accessKey);
      expect(answer.status, String(accessKey)).toBe(401);
      expect(answer.body).toEqual({
        code: 401,
        msg: 'Invalid access key',
        data: { error: 'accessKeyInvalid' },
      });
    }
  });

  it("an install after an iPhone click gets the link's deferred data; the click and the install are stored", async () => {
    const click = await openLink(t.app, 'attr', `/${link.linkId}?channel=wechat-group`, UA.iphoneSafari, {
      ip: '198.51.100.20',
    });
    expect(click.status).toBe(302);
    t.clock.advance(60_000);
    const answer = await report({
      type: 'install',
      deviceId: 'ios-1',
      platform: 'ios',
      os: 'iOS',
      osVersion: '17.4.1',
      model: 'iPhone15,2',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      matched: true,
      linkId: link.linkId,
      deferredData: { page: 'promo', coupon: 'SPRING50' },
      deeplink: 'promo/spring',
      params: {
        utm_source: 'newsletter',
        utm_campaign: 'spring',
        channel: 'wechat-group',
        link_id: link.linkId,
      },
    });
    expect(answer.body.data.clickId).toMatch(/^[A-Za-z0-9_-]{17}$/);
    // Reported again (app reinstalled): the same answer, no second install.
    const again = await report({
      type: 'install',
      deviceId: 'ios-1',
      platform: 'ios',
      os: 'iOS',
      osVersion: '17.4.1',
    });
    expect(again.body.data.clickId).toBe(answer.body.data.clickId);
    const installs = await call<{ items: { deviceId: string; channel: string }[]; total: number }>(
      t.app,
      'GET',
      `/api/links/${link.id}/clicks?type=install`,
      { token: owner.token, projectId },
    );
    expect(installs.body.data.total).toBe(1);
    expect(installs.body.data.items[0]).toMatchObject({ deviceId: 'ios-1', channel: 'wechat-group' });
  });

  it('Android installs after Huawei and Xiaomi clicks match their own clicks', async () => {
    await openLink(t.app, 'attr', `/${link.linkId}`, UA.huaweiChrome, { ip: '198.51.100.31' });
    await openLink(t.app, 'attr', `/${other.linkId}`, UA.xiaomiChrome, { ip: '198.51.100.32' });
    t.clock.advance(5 * 60_000);
    const huawei = await report(
      {
        type: 'install',
        deviceId: 'hw-1',
        platform: 'android',
        os: 'Android',
        osVersion: '12',
        model: 'NOH-AN00',
      },
      '198.51.100.31',
    );
    expect(huawei.body.data).toMatchObject({
      matched: true,
      linkId: link.linkId,
      deferredData: { page: 'promo' },
    });
    const xiaomi = await report(
      { type: 'install', deviceId: 'mi-1', platform: 'android', userAgent: UA.xiaomiChrome },
      '198.51.100.32',
    );
    expect(xiaomi.body.data).toMatchObject({ matched: true, linkId: other.linkId, deferredData: {} });
  });

  it('a desktop, WeChat or crawler visit never matches a phone install of another fingerprint', async () => {
    await openLink(t.app, 'attr', `/${link.linkId}`, UA.desktopChrome, { ip: '198.51.100.40' });
    await openLink(t.app, 'attr', `/${link.linkId}`, UA.twitterbot, { ip: '198.51.100.41' });
    const desktopIp = await report(
      { type: 'install', deviceId: 'x-1', platform: 'ios', os: 'iOS', osVersion: '17.4' },
      '198.51.100.40',
    );
    expect(desktopIp.body.data.matched).toBe(false);
    const botIp = await report(
      { type: 'install', deviceId: 'x-2', platform: 'ios', os: 'iOS', osVersion: '17.4' },
      '198.51.100.41',
    );
    expect(botIp.body.data).toEqual({
      matched: false,
      linkId: null,
      clickId: null,
      deferredData: {},
      deeplink: null,
      params: {},
    });
    const wechat = await openLink(t.app, 'attr', `/${link.linkId}`, UA.wechat, { ip: '198.51.100.42' });
    expect(wechat.status).toBe(200);
    const fromWechat = await report(
      { type: 'install', deviceId: 'wx-1', platform: 'android', os: 'Android', osVersion: '13' },
      '198.51.100.42',
    );
    // The WeChat visitor is a real phone: its install is matched.
    expect(fromWechat.body.data.matched).toBe(true);
  });

  it('outside the attribution window nothing matches; the last click wins by default', async () => {
    await openLink(t.app, 'attr', `/${link.linkId}`, UA.iphoneSafari, { ip: '198.51.100.50' });
    t.clock.advance(8 * DAY);
    // Sessions last 7 days: sign in again for the console calls that follow.
    owner = await login(t.app, 'owner@example.com');
    const late = await report(
      { type: 'install', deviceId: 'late-1', platform: 'ios', os: 'iOS', osVersion: '17.4' },
      '198.51.100.50',
    );
    expect(late.body.data.matched).toBe(false);

    await openLink(t.app, 'attr', `/${link.linkId}`, UA.iphoneSafari, { ip: '198.51.100.51' });
    t.clock.advance(60_000);
    await openLink(t.app, 'attr', `/${other.linkId}`, UA.iphoneSafari, { ip: '198.51.100.51' });
    t.clock.advance(60_000);
    const last = await report(
      { type: 'install', deviceId: 'last-1', platform: 'ios', os: 'iOS', osVersion: '17.4' },
      '198.51.100.51',
    );
    expect(last.body.data.linkId).toBe(other.linkId);
  });

  it('first-click templates attribute to the earliest click in the window', async () => {
    const firstTemplate = await createTemplate(t.app, owner, projectId, {
      ...storeTemplate('first'),
      clickAttribution: 'first',
    });
    const a = await createLink(t.app, owner, projectId, {
      name: 'a',
      templateId: firstTemplate,
      redirectMode: 'template',
    });
    const b = await createLink(t.app, owner, projectId, {
      name: 'b',
      templateId: firstTemplate,
      redirectMode: 'template',
    });
    await openLink(t.app, 'attr', `/${a.linkId}`, UA.huaweiChrome, { ip: '198.51.100.60' });
    t.clock.advance(60_000);
    await openLink(t.app, 'attr', `/${b.linkId}`, UA.huaweiChrome, { ip: '198.51.100.60' });
    t.clock.advance(60_000);
    const answer = await report(
      { type: 'install', deviceId: 'first-1', platform: 'android', os: 'Android', osVersion: '12' },
      '198.51.100.60',
    );
    expect(answer.body.data.linkId).toBe(a.linkId);
  });

  it('opens match the explicit click id; registrations reuse the install; bad input is refused', async () => {
    const hit = await openLink(t.app, 'attr', `/${link.linkId}`, UA.iphoneSafari, { ip: '198.51.100.70' });
    expect(hit.status).toBe(302);
    await t.app.deepLinks.clicks.flush();
    const clicks = await call<{ items: { id: string }[] }>(
      t.app,
      'GET',
      `/api/links/${link.id}/clicks?pageSize=1`,
      {
        token: owner.token,
        projectId,
      },
    );
    const clickId = clicks.body.data.items[0].id;
    const open = await report({ type: 'open', deviceId: 'ios-1', platform: 'ios', clickId }, '192.0.2.99');
    expect(open.body.data).toMatchObject({ matched: true, clickId, linkId: link.linkId });
    expect(open.body.data.ua).toBeUndefined();
    const register = await report({ type: 'register', deviceId: 'hw-1', platform: 'android' }, '192.0.2.98');
    expect(register.body.data).toMatchObject({ matched: true, linkId: link.linkId });
    const organic = await report({ type: 'register', deviceId: 'nobody', platform: 'android' }, '192.0.2.97');
    expect(organic.body.data.matched).toBe(false);
    const bad = await report({ type: 'uninstall', deviceId: '', platform: 'symbian', ip: 'not-an-ip' });
    expect(bad.status).toBe(400);
    expect([...new Set(paths(bad))].sort()).toEqual(['/deviceId', '/platform', '/type']);
    const badIp = await report({ type: 'open', deviceId: 'd', platform: 'ios', ip: 'not-an-ip' });
    expect(paths(badIp)).toEqual(['/ip']);
  });

  it('the link report counts clicks, installs, opens and registrations by day, platform and channel', async () => {
    const from = new Date(t.clock.now().getTime() - 10 * DAY).toISOString().slice(0, 10);
    const to = t.clock.now().toISOString().slice(0, 10);
    const answer = await call<{
      totals: Record<string, number>;
      series: { time: string; clicks: number; installs: number }[];
      byPlatform: { platform: string; clicks: number; installs: number }[];
      byChannel: { channel: string; clicks: number; installs: number }[];
      bySource: { source: string; clicks: number; installs: number }[];
    }>(t.app, 'GET', `/api/links/${link.id}/report?from=${from}&to=${to}`, { token: owner.token, projectId });
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    // Human clicks on `link`: iPhone x4, Huawei, desktop, WeChat (the Twitterbot preview is not one).
    expect(data.totals).toEqual({ clicks: 7, installs: 3, opens: 1, registrations: 1 });
    expect(data.series).toHaveLength(11);
    expect(data.series.reduce((n, p) => n + p.clicks, 0)).toBe(7);
    expect(data.byPlatform.find((p) => p.platform === 'ios')).toMatchObject({ clicks: 4, installs: 1 });
    expect(data.byChannel.find((c) => c.channel === 'wechat-group')).toMatchObject({
      clicks: 1,
      installs: 1,
    });
    expect(data.byChannel.find((c) => c.channel === 'newsletter')).toMatchObject({ clicks: 6 });
    // No click came through a web banner or script (gc_src): all of them are "other".
    expect(data.bySource).toEqual([
      { source: 'banner', clicks: 0, installs: 0, opens: 0, registrations: 0 },
      { source: 'script', clicks: 0, installs: 0, opens: 0, registrations: 0 },
      { source: 'other', clicks: 7, installs: 3, opens: 1, registrations: 1 },
    ]);

    const channels = await call<{ items: { channel: string; clicks: number }[] }>(
      t.app,
      'GET',
      `/api/analytics/channels?from=${to}&to=${to}&linkId=${link.linkId}`,
      { token: owner.token, projectId },
    );
    expect(channels.status).toBe(200);
    const events = await call<{ items: { event: string; total: number; series: unknown[] }[] }>(
      t.app,
      'GET',
      `/api/analytics/events?from=${from}&to=${new Date(t.clock.now().getTime() - DAY).toISOString().slice(0, 10)}&event=install`,
      { token: owner.token, projectId },
    );
    expect(events.status).toBe(200);
    expect(events.body.data.items).toEqual([expect.objectContaining({ event: 'install', total: 4 })]);
  });

  it("channel analytics and event statistics refuse more than 10 days, in the caller's language", async () => {
    for (const path of ['/api/analytics/channels', '/api/analytics/events']) {
      const en = await call(t.app, 'GET', `${path}?from=2026-02-01&to=2026-02-11`, {
        token: owner.token,
        projectId,
        lang: 'en',
      });
      expect(en.status, path).toBe(400);
      expect(en.body.msg).toBe('The date range can be at most 10 days');
      const zh = await call(t.app, 'GET', `${path}?from=2026-02-01&to=2026-02-11`, {
        token: owner.token,
        projectId,
      });
      expect(zh.body.msg).toBe('查询日期范围最多10天');
      const ok = await call(t.app, 'GET', `${path}?from=2026-02-01&to=2026-02-10`, {
        token: owner.token,
        projectId,
      });
      expect(ok.status).toBe(200);
    }
    const backwards = await call(t.app, 'GET', '/api/analytics/events?from=2026-02-10&to=2026-02-01', {
      token: owner.token,
      projectId,
    });
    expect(paths(backwards)).toEqual(['/querystring/from']);
    const badZone = await call(t.app, 'GET', '/api/analytics/events?tz=Mars/Olympus', {
      token: owner.token,
      projectId,
    });
    expect(paths(badZone)).toEqual(['/querystring/tz']);
  });

  it("fires the template's callback events after the answer and records each delivery", async () => {
    // A loopback callback is saved only while private targets are allowed.
    process.env.ALLOW_PRIVATE_CALLBACKS = '1';
    const cbTemplate = await createTemplate(t.app, owner, projectId, {
      ...storeTemplate('callbacks'),
      callbackUrl: `${hookUrl}/hook`,
      callbackEvents: ['install'],
      returnUa: true,
    }).finally(() => delete process.env.ALLOW_PRIVATE_CALLBACKS);
    const cbLink = await createLink(t.app, owner, projectId, {
      name: 'cb',
      templateId: cbTemplate,
      redirectMode: 'template',
      deferredData: [{ key: 'k', value: 'v' }],
    });
    await openLink(t.app, 'attr', `/${cbLink.linkId}`, UA.iphoneSafari, { ip: '198.51.100.80' });

    process.env.ALLOW_PRIVATE_CALLBACKS = '1';
    try {
      const install = await report(
        { type: 'install', deviceId: 'cb-1', platform: 'ios', os: 'iOS', osVersion: '17.4' },
        '198.51.100.80',
      );
      expect(install.body.data.linkId).toBe(cbLink.linkId);
      await t.app.attributionCallbacks.idle();
    } finally {
      delete process.env.ALLOW_PRIVATE_CALLBACKS;
    }
    expect(received).toHaveLength(1);
    expect(received[0].headers['content-type']).toBe('application/json');
    expect(received[0].body).toMatchObject({
      event: 'install',
      deviceId: 'cb-1',
      linkId: cbLink.linkId,
      deferredData: { k: 'v' },
    });
    // An open is not in callbackEvents: no callback, but returnUa gives the click's user agent.
    const open = await report(
      { type: 'open', deviceId: 'cb-1', platform: 'ios', os: 'iOS', osVersion: '17.4' },
      '198.51.100.80',
    );
    expect(open.body.data.ua).toBe(UA.iphoneSafari);
    await t.app.attributionCallbacks.idle();
    expect(received).toHaveLength(1);

    // Without ALLOW_PRIVATE_CALLBACKS a loopback callback address is refused, and recorded so.
    await openLink(t.app, 'attr', `/${cbLink.linkId}`, UA.iphoneSafari, { ip: '198.51.100.81' });
    await report(
      { type: 'install', deviceId: 'cb-2', platform: 'ios', os: 'iOS', osVersion: '17.4' },
      '198.51.100.81',
    );
    await t.app.attributionCallbacks.idle();
    expect(received).toHaveLength(1);
    const deliveries = await t.app.ctx.db
      .selectFrom('callback_deliveries')
      .select(['event', 'status', 'http_status', 'error'])
      .orderBy('status')
      .execute();
    expect(deliveries).toEqual([
      { event: 'install', status: 'delivered', http_status: 200, error: null },
      {
        event: 'install',
        status: 'refused',
        http_status: null,
        error: 'private: the address is not a public host',
      },
    ]);
  });
});
