import { describe, expect, it } from 'vitest';
import { templateSettings } from '../links/templateSettings';
import { decideRedirect, schemeUrl, storeUrl } from './decideRedirect';
import { deviceOf, type DeviceInfo } from './deviceOf';
import { safeHttpUrl } from '../links/safeHttpUrl';
import { linkHasDestination, templateHasDestination } from '../../engine/rules/linkDestinations';
import type { ResolvedLink } from './resolvedLink';
import { ANDROID_WEBVIEW_UA, IN_APP_UA } from '../../../tests/fixtures/inAppUserAgents';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const VIVO =
  'Mozilla/5.0 (Linux; Android 13; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const OPPO =
  'Mozilla/5.0 (Linux; Android 9; CPH1909) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const SAMSUNG =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

function link(template: Record<string, unknown>, extra: Partial<ResolvedLink> = {}): ResolvedLink {
  return {
    projectId: 'p',
    id: 'l',
    linkId: 'Ab12Cd',
    name: 'n',
    url: 'http://demo.localhost/Ab12Cd',
    redirectMode: 'template',
    redirects: {},
    share: {},
    template: templateSettings(template),
    fallbacks: {},
    ...extra,
  };
}

const stores = {
  android: {
    stores: ['huawei', 'xiaomi', 'samsung', 'oppo', 'vivo', 'google-play'],
    packageNames: 'com.example.app',
  },
};

describe('decideRedirect', () => {
  it("sends Android phones to their brand's store when the template lists it", () => {
    expect(decideRedirect(link(stores), deviceOf(VIVO), 'c')).toMatchObject({
      url: 'vivomarket://details?id=com.example.app',
    });
    expect(decideRedirect(link(stores), deviceOf(OPPO), 'c')).toMatchObject({
      url: 'oppomarket://details?packagename=com.example.app',
    });
    expect(decideRedirect(link(stores), deviceOf(SAMSUNG), 'c')).toMatchObject({
      url: 'samsungapps://ProductDetail/com.example.app',
    });
  });

  it('falls back to the redirect settings, then the 404 decision, never to anything not http(s)', () => {
    const bare = link({ name: 'x' }, { fallbacks: { default: 'https://example.com/' } });
    expect(decideRedirect(bare, deviceOf(IPHONE), 'c')).toEqual({
      kind: 'redirect',
      url: 'https://example.com/',
      outcome: 'fallback',
    });
    expect(decideRedirect(link({ name: 'x' }), deviceOf(IPHONE), 'c')).toEqual({
      kind: 'notFound',
      outcome: 'noTarget',
    });
    const evil = link(
      { name: 'x', pcHomepage: 'javascript:alert(1)' },
      { redirects: { web: 'data:text/html,x' } },
    );
    expect(decideRedirect(evil, deviceOf(MAC), 'c').kind).toBe('notFound');
    const custom = link(
      { name: 'x' },
      { redirectMode: 'custom', redirects: { default: 'vbscript:x', web: 'https://ok.example/' } },
    );
    expect(decideRedirect(custom, deviceOf(MAC), 'c')).toMatchObject({ url: 'https://ok.example/' });
  });

  it('web first sends phones to the H5 homepage; desktops get the PC homepage or the Windows store', () => {
    const t = {
      name: 'x',
      webFirst: true,
      h5Homepage: 'https://m.example.com',
      pcHomepage: 'https://www.example.com',
      ...stores,
    };
    expect(decideRedirect(link(t), deviceOf(IPHONE), 'c')).toMatchObject({
      url: 'https://m.example.com/',
      outcome: 'web',
    });
    expect(decideRedirect(link(t), deviceOf(MAC), 'c')).toMatchObject({ url: 'https://www.example.com/' });
    const windows = link({ name: 'x', windowsStoreUrl: 'https://apps.microsoft.com/detail/9abc' });
    expect(decideRedirect(windows, deviceOf(WINDOWS), 'c')).toMatchObject({
      url: 'https://apps.microsoft.com/detail/9abc',
    });
    expect(decideRedirect(windows, deviceOf(MAC), 'c').kind).toBe('notFound');
  });

  it('no-scheme launch skips the launch page', () => {
    const t = {
      name: 'x',
      android: { stores: ['google-play'], packageNames: 'com.example.app', uriSchemes: 'ex://open' },
    };
    expect(decideRedirect(link(t), deviceOf(VIVO), 'c').kind).toBe('launch');
    expect(decideRedirect(link({ ...t, noSchemeLaunch: true }), deviceOf(VIVO), 'c').kind).toBe('redirect');
  });
});

describe('decideRedirect: internal targets and web views', () => {
  it('never redirects to an internal address, whatever its spelling', () => {
    const ios = link({ name: 'x', ios: { appStoreUrl: 'http://127.0.0.1:22' } });
    expect(decideRedirect(ios, deviceOf(IPHONE), 'c').kind).toBe('notFound');
    for (const target of [
      'http://2130706433/',
      'http://0x7f.1/',
      'https://localhost/',
      'http://[::ffff:10.0.0.1]/',
    ]) {
      const custom = link({ name: 'x' }, { redirectMode: 'custom', redirects: { default: target } });
      expect(decideRedirect(custom, deviceOf(MAC), 'c').kind, target).toBe('notFound');
    }
    const launch = link({ name: 'x', ios: { uriScheme: 'javascript://alert(1)' } });
    expect(decideRedirect(launch, deviceOf(IPHONE), 'c').kind).toBe('notFound');
  });

  it('a plain Android WebView takes the Android path; named in-app browsers get the landing page', () => {
    const t = { ...stores, wechatLanding: true };
    expect(decideRedirect(link(t), deviceOf(ANDROID_WEBVIEW_UA), 'c')).toMatchObject({
      kind: 'redirect',
      url: 'mimarket://details?id=com.example.app',
    });
    for (const [name, ua] of Object.entries(IN_APP_UA))
      expect(decideRedirect(link(t), deviceOf(ua), 'c').kind, name).toBe('landing');
  });
});

describe('storeUrl and schemeUrl', () => {
  it('refuse package names and schemes that could carry anything else', () => {
    expect(storeUrl('huawei', 'com.example.app&x=1')).toBeUndefined();
    expect(storeUrl('google-play', 'com.example.app')).toBe(
      'https://play.google.com/store/apps/details?id=com.example.app',
    );
    expect(schemeUrl('javascript://alert(1)', undefined, 'c')).toBeUndefined();
    expect(schemeUrl('data://x', undefined, 'c')).toBeUndefined();
    expect(schemeUrl(' example://', undefined, 'c')).toBeUndefined();
    expect(schemeUrl('http://127.0.0.1/x', undefined, 'c')).toBeUndefined();
    expect(schemeUrl('example://', 'a/b', 'c 1')).toBe('example://a/b?click_id=c%201');
    expect(schemeUrl('example://open?x=1', undefined, 'c')).toBe('example://open?x=1&click_id=c');
  });
});

describe('linkHasDestination agrees with decideRedirect', () => {
  // Every kind of visitor the redirector tells apart (robots and in-app browsers get pages of
  // their own, not a destination).
  const visitor = (platform: DeviceInfo['platform'], extra: Partial<DeviceInfo> = {}): DeviceInfo => ({
    platform,
    os: null,
    osVersion: null,
    brand: null,
    model: null,
    browser: null,
    windows: false,
    inApp: false,
    bot: false,
    store: null,
    ...extra,
  });
  const visitors: DeviceInfo[] = [
    visitor('ios'),
    visitor('android'),
    ...(['huawei', 'xiaomi', 'samsung', 'oppo', 'vivo'] as const).map((store) =>
      visitor('android', { store }),
    ),
    visitor('desktop', { windows: true }),
    visitor('desktop'),
    visitor('other'),
  ];
  const pick = <T>(random: () => number, values: readonly T[]): T =>
    values[Math.floor(random() * values.length)];
  const web = [
    undefined,
    '',
    'https://example.com/x',
    'www.example.com',
    'javascript:alert(1)',
    'http://127.0.0.1/',
  ];
  const schemes = [
    undefined,
    'example://open',
    ' example://',
    'javascript://alert(1)',
    'https://localhost/x',
  ];

  it('for thousands of templates, links and redirect settings', () => {
    // A small seeded generator, so a failure names a configuration that comes back.
    let seed = 20240611;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let reached = 0;
    for (let i = 0; i < 4000; i += 1) {
      const template: Record<string, unknown> = {
        name: 'x',
        h5Homepage: random() < 0.15 ? pick(random, web) : undefined,
        pcHomepage: random() < 0.15 ? pick(random, web) : undefined,
        windowsStoreUrl: random() < 0.15 ? pick(random, web) : undefined,
        webFirst: random() < 0.3,
        noSchemeLaunch: random() < 0.3,
        ios: {
          appStoreUrl: random() < 0.15 ? pick(random, web) : undefined,
          uriScheme: random() < 0.3 ? pick(random, schemes) : undefined,
          teamId: random() < 0.3 ? 'ABCDE12345' : undefined,
          bundleId: random() < 0.3 ? 'com.example.app' : undefined,
        },
        android: {
          packageNames: pick(random, [undefined, 'com.example.app', 'bad name', ' ; com.example.app', 'x']),
          stores: pick(random, [undefined, [], ['huawei'], ['google-play'], ['vivo', 'oppo'], ['elsewhere']]),
          uriSchemes:
            random() < 0.3 ? pick(random, [...schemes, 'example://a;other://b', ';example://']) : undefined,
        },
      };
      const linkConfig = {
        redirectMode: random() < 0.3 ? 'custom' : 'template',
        redirects: Object.fromEntries(
          ['default', 'ios', 'android', 'web'].map((key) => [
            key,
            random() < 0.1 ? pick(random, web) : undefined,
          ]),
        ),
      };
      const fallbacks = Object.fromEntries(
        ['default', 'android', 'ios', 'windows'].map((key) => [
          key,
          random() < 0.08 ? pick(random, web) : undefined,
        ]),
      );
      const resolved = link(template, {
        redirectMode: linkConfig.redirectMode as 'template' | 'custom',
        redirects: Object.fromEntries(Object.entries(linkConfig.redirects).filter(([, v]) => v)),
        fallbacks: {
          default: safeHttpUrl(fallbacks.default),
          android: safeHttpUrl(fallbacks.android),
          ios: safeHttpUrl(fallbacks.ios),
          windows: safeHttpUrl(fallbacks.windows),
        },
      });
      const decided = visitors.some((device) => decideRedirect(resolved, device, 'c').kind !== 'notFound');
      const said = linkHasDestination(linkConfig, template, fallbacks);
      expect(said, JSON.stringify({ template, linkConfig, fallbacks })).toBe(decided);
      if (linkConfig.redirectMode === 'template')
        expect(templateHasDestination(template, fallbacks)).toBe(decided);
      if (decided) reached += 1;
    }
    // Both answers are well represented.
    expect(reached).toBeGreaterThan(800);
    expect(reached).toBeLessThan(3200);
  });
});
