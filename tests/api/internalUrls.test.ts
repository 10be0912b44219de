import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANDROID_WEBVIEW_UA, IN_APP_UA } from '../fixtures/inAppUserAgents';
import { createTestApp, testResolveHost, type TestApp } from './helpers/testApp';
import { call, countRows, type Answer, type ErrorData } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { templateConfig } from './helpers/campaigns';
import { accessKeyOf, createLink, createTemplate, openLink, storeTemplate, UA } from './helpers/links';

// Every field that holds an address the server will call, send visitors to or show, refusing
// internal targets in every spelling, protocol-relative and script addresses and padded
// white space: 400 naming the field, nothing stored, never 500.

// Internal as written: every spelling the WHATWG URL parser reads as an internal address.
const INTERNAL_HOSTS = [
  '127.0.0.1:22',
  'localhost',
  'api.localhost',
  '10.0.0.8',
  '172.16.3.4',
  '192.168.1.20',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '[::1]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '[fe80::1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:a9fe:a9fe]',
  '2130706433',
  '017700000001',
  '0177.0.0.1',
  '0x7f.0.0.1',
  '0x7f000001',
  '127.1',
];
const internal = (scheme: 'http' | 'https') => INTERNAL_HOSTS.map((host) => `${scheme}://${host}/x`);
// Names that only resolve inside (the test resolver below), refused by the server's DNS check.
const RESOLVES_INSIDE = ['https://inside.test/hook', 'https://mixed.test/hook'];
const MALFORMED = [
  '//other.host/x',
  'javascript://x',
  'JavaScript://%0aalert(1)',
  ' https://hooks.example.com/x',
  'https://hooks.example.com/x ',
  'https://hooks.example.com/ x',
];
const BAD_IMAGES = [
  '//other.host/a.png',
  'http://127.0.0.1/a.png',
  'https://169.254.169.254/a.png',
  'https://[::ffff:10.0.0.1]/a.png',
  'https://0x7f.1/a.png',
  'javascript://x',
  'data:image/png;base64,AAAA',
  ' https://cdn.example.com/a.png',
  '/uploads/../secret.png',
  '/other/a.png',
];
const BAD_SCHEMES = [
  'javascript://alert(1)',
  'JAVASCRIPT://x',
  'data://text/html,x',
  'vbscript://x',
  'file:///etc/passwd',
  'about://blank',
  'blob://x',
  ' myapp://',
  'myapp:// ',
  'http://127.0.0.1/x',
];

const dns: Record<string, string[]> = {
  'inside.test': ['10.0.0.7'],
  'mixed.test': ['93.184.215.14', '127.0.0.1'],
};

interface Target {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  /** A body holding `value` at the field; with a good value it must save (checked first). */
  body: (value: string) => unknown;
  path: string;
  good: string;
  bad: string[];
  /** GET that shows what a refused PUT must leave unchanged. */
  read?: () => string;
}

describe('internal and unsafe addresses in every URL field', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let templateId: string;
  let prizeId: string;
  let wheel: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp({
      resolveHost: async (host) => dns[host] ?? testResolveHost(host),
    });
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Urls', 'urls');
    templateId = await createTemplate(t.app, owner, projectId, storeTemplate('base'));
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    const prize = await call<{ id: string }>(t.app, 'POST', '/api/prizes', {
      token: owner.token,
      projectId,
      body: prizeBody('https://hooks.example.com/prize'),
    });
    expect(prize.status, JSON.stringify(prize.body)).toBe(200);
    prizeId = prize.body.data.id;
  });
  afterAll(async () => {
    delete process.env.ALLOW_PRIVATE_CALLBACKS;
    await t.close();
  });

  function prizeBody(callbackUrl: string) {
    return {
      id: 'coupon10',
      name: { 'zh-CN': '10元优惠券', 'en-US': '10 off coupon' },
      deliveryType: 'callback',
      isThank: false,
      stock: 500,
      callbackUrl,
      keys: [{ key: 'coupon_code', value: 'TEN-OFF' }],
      perUserMax: 1,
      defaultLanguage: 'zh-CN',
    };
  }

  function campaign(change: (config: Record<string, unknown>) => void) {
    const config = structuredClone(wheel);
    change(config);
    return { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', templateMark: 'classic', config };
  }

  const callbackBad = () => [...internal('http'), ...internal('https'), ...RESOLVES_INSIDE, ...MALFORMED];
  const redirectBad = () => [...internal('https'), ...MALFORMED, 'www.localhost/x'];

  const targets = (): Target[] => [
    {
      name: 'prize callback (create)',
      method: 'POST',
      url: () => '/api/prizes',
      body: prizeBody,
      path: '/callbackUrl',
      good: 'https://hooks.example.com/prize',
      bad: callbackBad(),
    },
    {
      name: 'prize callback (update)',
      method: 'PUT',
      url: () => `/api/prizes/${prizeId}`,
      read: () => `/api/prizes/${prizeId}`,
      body: prizeBody,
      path: '/callbackUrl',
      good: 'https://hooks.example.com/prize-2',
      bad: callbackBad(),
    },
    {
      name: 'campaign prize list callback',
      method: 'POST',
      url: () => '/api/campaigns',
      body: (value) =>
        campaign((c) => {
          const prizes = c.prizes as Record<string, unknown>[];
          prizes[0] = {
            ...prizes[0],
            deliveryType: 'callback',
            callbackUrl: value,
            keys: [{ key: 'k', value: 'v' }],
          };
        }),
      path: '/prizes/0/callbackUrl',
      good: 'https://hooks.example.com/prize',
      bad: callbackBad(),
    },
    {
      name: 'campaign delivery callback',
      method: 'POST',
      url: () => '/api/campaigns',
      body: (value) => campaign((c) => (c.delivery = { mode: 'customer-service', callbackUrl: value })),
      path: '/delivery/callbackUrl',
      good: 'https://hooks.example.com/delivery',
      bad: callbackBad(),
    },
    {
      name: 'campaign hotzone link',
      method: 'POST',
      url: () => '/api/campaigns',
      body: (value) => campaign((c) => (c.hotzones = [{ x: 0, y: 0, width: 10, height: 10, url: value }])),
      path: '/hotzones/0/url',
      good: 'myapp://wallet',
      bad: BAD_SCHEMES,
    },
    {
      name: 'link template callback',
      method: 'POST',
      url: () => '/api/link-templates',
      body: (value) => ({ ...storeTemplate('cb'), callbackUrl: value, callbackEvents: ['install'] }),
      path: '/callbackUrl',
      good: 'https://hooks.example.com/attribution',
      bad: callbackBad(),
    },
    {
      name: 'link template App Store address',
      method: 'POST',
      url: () => '/api/link-templates',
      body: (value) => {
        const body = storeTemplate('store');
        return { ...body, ios: { ...(body.ios as object), appStoreUrl: value } };
      },
      path: '/ios/appStoreUrl',
      good: 'https://apps.apple.com/app/id1',
      bad: [...internal('http'), ...MALFORMED],
    },
    ...(['h5Homepage', 'pcHomepage', 'windowsStoreUrl'] as const).map((field): Target => ({
      name: `link template ${field}`,
      method: 'POST',
      url: () => '/api/link-templates',
      body: (value) => ({ ...storeTemplate(field), [field]: value }),
      path: `/${field}`,
      good: 'https://www.example.com/app',
      bad: redirectBad(),
    })),
    {
      name: 'link template iOS scheme',
      method: 'POST',
      url: () => '/api/link-templates',
      body: (value) => {
        const body = storeTemplate('scheme');
        return { ...body, ios: { ...(body.ios as object), uriScheme: value } };
      },
      path: '/ios/uriScheme',
      good: 'myapp://',
      bad: BAD_SCHEMES,
    },
    {
      name: 'link template Android schemes',
      method: 'POST',
      url: () => '/api/link-templates',
      body: (value) => {
        const body = storeTemplate('schemes');
        return { ...body, android: { ...(body.android as object), uriSchemes: `myapp://;${value}` } };
      },
      path: '/android/uriSchemes',
      good: 'other://open',
      bad: BAD_SCHEMES.filter((s) => s.trim() === s),
    },
    ...(['default', 'ios', 'android', 'web'] as const).map((key): Target => ({
      name: `link custom redirect ${key}`,
      method: 'POST',
      url: () => '/api/links',
      body: (value) => ({ name: `r${key}`, templateId, redirectMode: 'custom', redirects: { [key]: value } }),
      path: `/redirects/${key}`,
      good: 'https://www.example.com/landing',
      bad: redirectBad(),
    })),
    {
      name: 'link share thumbnail',
      method: 'POST',
      url: () => '/api/links',
      body: (value) => ({ name: 'thumb', templateId, redirectMode: 'template', share: { thumbnail: value } }),
      path: '/share/thumbnail',
      good: '/uploads/p/a.png',
      bad: BAD_IMAGES,
    },
    ...(['default', 'android', 'ios', 'windows'] as const).map((key): Target => ({
      name: `redirect settings ${key}`,
      method: 'PUT',
      url: () => '/api/redirect-settings',
      read: () => '/api/redirect-settings',
      body: (value) => ({ [key]: value }),
      path: `/${key}`,
      good: 'https://www.example.com/store',
      bad: redirectBad().filter((v) => v.trim() !== ''),
    })),
    {
      name: 'download page button',
      method: 'POST',
      url: () => '/api/download-pages',
      body: (value) => ({ name: 'dl', title: 'Get the app', buttons: [{ platform: 'ios', url: value }] }),
      path: '/buttons/0/url',
      good: 'https://apps.apple.com/app/id1',
      bad: redirectBad(),
    },
    ...(['logoUrl', 'backgroundUrl'] as const).map((field): Target => ({
      name: `download page ${field}`,
      method: 'POST',
      url: () => '/api/download-pages',
      body: (value) => ({ name: 'dl', title: 'Get the app', [field]: value, buttons: [{ platform: 'ios' }] }),
      path: `/${field}`,
      good: 'https://cdn.example.com/logo.png',
      bad: BAD_IMAGES,
    })),
    {
      name: 'dev config token callback',
      method: 'PUT',
      url: () => '/api/dev-config',
      read: () => '/api/dev-config',
      body: (value) => ({ tokenCallbackUrl: value, ipWhitelist: [] }),
      path: '/tokenCallbackUrl',
      good: 'https://hooks.example.com/token',
      // The token callback is trimmed before it is checked: padded addresses are saved trimmed.
      bad: callbackBad().filter((v) => v.trim() === v),
    },
    {
      name: 'callback address',
      method: 'POST',
      url: () => '/api/callback-addresses',
      body: (value) => ({ name: 'Hook', url: value }),
      path: '/url',
      good: 'https://hooks.example.com/list',
      bad: callbackBad(),
    },
  ];

  const send = (target: Target, value: string, lang: 'en' | 'zh-cn' = 'en') =>
    call<ErrorData>(t.app, target.method, target.url(), {
      token: owner.token,
      projectId,
      lang,
      body: target.body(value),
    });

  it('every target saves a good public value (so a refusal below is about the address)', async () => {
    for (const target of targets()) {
      const answer = await send(target, target.good);
      expect(answer.status, `${target.name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('refuses every internal, protocol-relative, script and padded address: 400 at the field, nothing stored', async () => {
    for (const target of targets()) {
      const before = await countRows(t.app);
      const shown = target.read
        ? await call(t.app, 'GET', target.read(), { token: owner.token, projectId })
        : undefined;
      for (const value of target.bad) {
        const answer: Answer<ErrorData> = await send(target, value);
        const where = `${target.name}: ${JSON.stringify(value)} -> ${JSON.stringify(answer.body)}`;
        expect(answer.status, where).toBe(400);
        expect(
          answer.body.data.errors?.map((e) => e.path),
          where,
        ).toContain(target.path);
        const message = answer.body.data.errors?.find((e) => e.path === target.path)?.message ?? '';
        expect(message, where).not.toMatch(/^(Invalid value|must )/);
      }
      expect(await countRows(t.app), target.name).toEqual(before);
      if (target.read && shown) {
        const after = await call(t.app, 'GET', target.read(), { token: owner.token, projectId });
        expect(after.body.data, target.name).toEqual(shown.body.data);
      }
    }
  });

  it('says why in both languages, and how a test server allows callbacks inside its network', async () => {
    const [prize] = targets();
    const en = await send(prize, 'http://0x7f.1/cb', 'en');
    const zh = await send(prize, 'http://0x7f.1/cb', 'zh-cn');
    expect(en.body.data.errors).toEqual([
      {
        path: '/callbackUrl',
        message:
          'Must be a public address: localhost, loopback, private, link-local and other internal addresses are not allowed. To test callbacks on your own machine, start the server with ALLOW_PRIVATE_CALLBACKS=1: the server then calls addresses inside your network, so never set it on a server others can reach.',
      },
    ]);
    expect(zh.body.data.errors?.[0].message).toBe(
      '必须是公网地址，不能是 localhost、本机、内网、链路本地等内部地址。如需在本机测试回调，请以 ALLOW_PRIVATE_CALLBACKS=1 启动服务端：此时服务端会请求你内网中的地址，切勿在他人可访问的服务器上开启。',
    );
    // Every address the server calls says so: the token callback and saved callback addresses too.
    for (const target of targets().filter((x) => x.path === '/tokenCallbackUrl' || x.path === '/url')) {
      for (const lang of ['en', 'zh-cn'] as const) {
        const answer = await send(target, 'http://127.0.0.1:8080/hook', lang);
        const message = answer.body.data.errors?.find((e) => e.path === target.path)?.message;
        expect(message, `${target.name} ${lang}`).toContain('ALLOW_PRIVATE_CALLBACKS=1');
        expect(message, `${target.name} ${lang}`).toMatch(
          /never set it on a server others can reach|切勿在他人可访问的服务器上开启/,
        );
      }
    }
    // Where no setting lifts the rule (visitors are sent there), the message names none.
    const redirect = await send(
      targets().find((x) => x.name === 'redirect settings ios')!,
      'https://10.0.0.5/store',
      'en',
    );
    expect(redirect.body.data.errors?.[0].message).toBe(
      'Must be a public address: localhost, loopback, private, link-local and other internal addresses are not allowed',
    );
    const named = await send(prize, 'https://inside.test/cb', 'en');
    expect(named.body.data).toEqual({
      error: 'callback.notPublic',
      errors: [
        {
          path: '/callbackUrl',
          message:
            'The callback address must be a public http(s) address. To test callbacks on your own machine, start the server with ALLOW_PRIVATE_CALLBACKS=1: the server then calls addresses inside your network, so never set it on a server others can reach.',
        },
      ],
    });
    const namedZh = await send(prize, 'https://inside.test/cb', 'zh-cn');
    expect(namedZh.body.data.errors?.[0].message).toBe(
      '回调地址必须是公网 http(s) 地址。如需在本机测试回调，请以 ALLOW_PRIVATE_CALLBACKS=1 启动服务端：此时服务端会请求你内网中的地址，切勿在他人可访问的服务器上开启。',
    );
    const missing = await send(prize, 'https://nowhere.test/cb', 'zh-cn');
    expect(missing.body.data).toMatchObject({
      error: 'callback.unresolvable',
      errors: [{ path: '/callbackUrl' }],
    });
    expect(missing.body.data.errors?.[0].message).toContain('ALLOW_PRIVATE_CALLBACKS=1');
    const script = await send(
      targets().find((x) => x.path === '/ios/uriScheme')!,
      'javascript://x',
      'en',
    );
    expect(script.body.data.errors).toEqual([
      { path: '/ios/uriScheme', message: 'The javascript:// scheme is not allowed here' },
    ]);
    const image = await send(
      targets().find((x) => x.path === '/share/thumbnail')!,
      '//other.host/a.png',
      'en',
    );
    expect(image.body.data.errors?.[0].message).toBe(
      'Image addresses must start with http:// or https://, or be an uploaded file (/uploads/…)',
    );
  });

  it('ALLOW_PRIVATE_CALLBACKS=1 lets callbacks point inside, never redirect targets', async () => {
    const me = () => call<{ settings: unknown }>(t.app, 'GET', '/api/me', { token: owner.token });
    expect((await me()).body.data.settings).toEqual({ privateCallbacks: false });
    process.env.ALLOW_PRIVATE_CALLBACKS = '1';
    try {
      // The console's forms follow the server's setting (GET /api/me).
      expect((await me()).body.data.settings).toEqual({ privateCallbacks: true });
      for (const target of targets().filter((x) => x.path.endsWith('allbackUrl') || x.path === '/url')) {
        const answer = await send(target, 'http://10.0.0.5:8080/hook');
        expect(answer.status, `${target.name}: ${JSON.stringify(answer.body)}`).toBe(200);
      }
      const redirect = targets().find((x) => x.name === 'redirect settings ios')!;
      expect((await send(redirect, 'https://10.0.0.5/store')).status).toBe(400);
    } finally {
      delete process.env.ALLOW_PRIVATE_CALLBACKS;
    }
  });
});

describe('callbacks at send time', () => {
  let t: TestApp;
  let hook: Server;
  let port: number;
  const received: string[] = [];
  // What hook.rebind.test resolves to right now: public when saved, inside when sent.
  let rebind = ['93.184.215.14'];

  beforeAll(async () => {
    hook = createServer((req, res) => {
      received.push(req.url ?? '');
      res.end('success');
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    port = (hook.address() as AddressInfo).port;
    t = await createTestApp({
      resolveHost: async (host) => (host === 'hook.rebind.test' ? rebind : testResolveHost(host)),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => hook.close(resolve));
  });

  it('a name that resolves inside at send time is refused and recorded, and nothing is sent', async () => {
    const owner = await signUpOwner(t.app, 'sender@example.com');
    const projectId = await createProject(t.app, owner, 'Send', 'send');
    const templateId = await createTemplate(t.app, owner, projectId, {
      ...storeTemplate('cb'),
      callbackUrl: `http://hook.rebind.test:${port}/cb`,
      callbackEvents: ['install'],
    });
    const link = await createLink(t.app, owner, projectId, {
      name: 'cb',
      templateId,
      redirectMode: 'template',
    });
    await openLink(t.app, 'send', `/${link.linkId}`, UA.iphoneSafari, { ip: '198.51.100.90' });

    rebind = ['127.0.0.1'];
    const install = await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/attribution',
      headers: { 'x-access-key': await accessKeyOf(t.app, projectId) },
      payload: { type: 'install', deviceId: 'd-1', platform: 'ios', os: 'iOS', osVersion: '17.4' },
      remoteAddress: '198.51.100.90',
    });
    expect(install.json()).toMatchObject({ data: { linkId: link.linkId } });
    await t.app.attributionCallbacks.idle();

    expect(received).toEqual([]);
    const deliveries = await t.app.ctx.db
      .selectFrom('callback_deliveries')
      .select(['event', 'url', 'status', 'http_status', 'error'])
      .execute();
    expect(deliveries).toEqual([
      {
        event: 'install',
        url: `http://hook.rebind.test:${port}/cb`,
        status: 'refused',
        http_status: null,
        error: 'private: the host resolves to a non-public address (127.0.0.1)',
      },
    ]);
  });
});

describe('the redirector and internal targets, web views and in-app browsers', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'views@example.com');
    projectId = await createProject(t.app, owner, 'Views', 'views');
  });
  afterAll(() => t.close());

  it('a plain Android WebView follows the Android path; each named in-app browser gets the landing page', async () => {
    const templateId = await createTemplate(t.app, owner, projectId, {
      ...storeTemplate('views'),
      android: { stores: ['xiaomi', 'google-play'], packageNames: 'com.example.app' },
      wechatLanding: true,
    });
    const link = await createLink(t.app, owner, projectId, {
      name: 'views',
      templateId,
      redirectMode: 'template',
    });
    const webView = await openLink(t.app, 'views', `/${link.linkId}`, ANDROID_WEBVIEW_UA);
    expect([webView.status, webView.location]).toEqual([302, 'mimarket://details?id=com.example.app']);
    for (const [app, ua] of Object.entries(IN_APP_UA)) {
      const hit = await openLink(t.app, 'views', `/${link.linkId}`, ua);
      expect(hit.status, app).toBe(200);
      expect(hit.location, app).toBeUndefined();
      expect(hit.body, app).toContain('<h1>');
    }
    // With the landing switch off, a named in-app browser takes the platform path too.
    await call(t.app, 'PUT', `/api/link-templates/${templateId}`, {
      token: owner.token,
      projectId,
      body: {
        ...storeTemplate('views'),
        android: { stores: ['xiaomi'], packageNames: 'com.example.app' },
        wechatLanding: false,
      },
    });
    const wechat = await openLink(t.app, 'views', `/${link.linkId}`, IN_APP_UA.weibo);
    expect([wechat.status, wechat.location]).toEqual([302, 'mimarket://details?id=com.example.app']);
  });

  it('never redirects to an internal address stored before the rule existed', async () => {
    const templateId = await createTemplate(t.app, owner, projectId, storeTemplate('legacy'));
    const link = await createLink(t.app, owner, projectId, {
      name: 'legacy',
      templateId,
      redirectMode: 'template',
    });
    // Written past the API, as an older version could have stored it.
    const config = { ...storeTemplate('legacy'), ios: { appStoreUrl: 'http://127.0.0.1:22' } };
    await t.app.ctx.db
      .updateTable('link_templates')
      .set({ config: JSON.stringify(config) })
      .where('id', '=', templateId)
      .execute();
    t.app.deepLinks.cache.invalidate(projectId, 'views');
    const iphone = await openLink(t.app, 'views', `/${link.linkId}`, UA.iphoneSafari);
    expect(iphone.status).toBe(404);
    expect(iphone.location).toBeUndefined();
  });
});
