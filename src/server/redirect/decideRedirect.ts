import type { StoreKey } from '../links/templateSettings';
import { safeHttpUrl } from '../links/safeHttpUrl';
import { urlProblem } from '../../engine/validation/urlProblem';
import type { DeviceInfo } from './deviceOf';
import type { ResolvedLink } from './resolvedLink';

/** What the redirector answers, and the outcome it records on the click. */
export type Decision =
  | { kind: 'redirect'; url: string; outcome: 'store' | 'web' | 'custom' | 'fallback' }
  | { kind: 'launch'; scheme: string; fallback?: string; outcome: 'scheme' }
  | { kind: 'landing'; outcome: 'landing' }
  | { kind: 'preview'; outcome: 'preview' }
  | { kind: 'notFound'; outcome: 'noTarget' };

const PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/** The store page of an Android package in a brand's store (brand stores open by scheme). */
export function storeUrl(store: StoreKey, packageName: string): string | undefined {
  if (!PACKAGE.test(packageName)) return undefined;
  switch (store) {
    case 'huawei':
      return `appmarket://details?id=${packageName}`;
    case 'xiaomi':
      return `mimarket://details?id=${packageName}`;
    case 'samsung':
      return `samsungapps://ProductDetail/${packageName}`;
    case 'oppo':
      return `oppomarket://details?packagename=${packageName}`;
    case 'vivo':
      return `vivomarket://details?id=${packageName}`;
    case 'google-play':
      return `https://play.google.com/store/apps/details?id=${packageName}`;
  }
}

/** An app URI scheme with the link's in-app address and the click id, or undefined if unsafe. */
export function schemeUrl(scheme: string, address: string | undefined, clickId: string): string | undefined {
  // The engine's rule for app schemes: `name://`, never javascript:, data:, file:, ... or an
  // http(s) address to an internal host.
  if (urlProblem(scheme, 'appScheme')) return undefined;
  let url = scheme;
  if (address) {
    const path = address.replace(/^\/+/, '');
    url = /:\/\/$/.test(url) || url.endsWith('/') ? `${url}${path}` : `${url}/${path}`;
  }
  return `${url}${url.includes('?') ? '&' : '?'}click_id=${encodeURIComponent(clickId)}`;
}

function web(
  url: string | undefined,
  outcome: 'web' | 'custom' | 'fallback' | 'store',
): Decision | undefined {
  const safe = safeHttpUrl(url);
  return safe ? { kind: 'redirect', url: safe, outcome } : undefined;
}

function androidStore(link: ResolvedLink, device: DeviceInfo): Decision | undefined {
  const t = link.template;
  const pkg = t.packageNames[0];
  if (pkg && device.store && t.stores.includes(device.store)) {
    const url = storeUrl(device.store, pkg);
    if (url) return { kind: 'redirect', url, outcome: 'store' };
  }
  if (pkg && t.stores.includes('google-play')) {
    const url = storeUrl('google-play', pkg);
    if (url) return { kind: 'redirect', url, outcome: 'store' };
  }
  return web(link.fallbacks.android, 'store');
}

function fallback(link: ResolvedLink): Decision {
  return web(link.fallbacks.default, 'fallback') ?? { kind: 'notFound', outcome: 'noTarget' };
}

function launch(scheme: string | undefined, link: ResolvedLink, clickId: string, then: Decision | undefined) {
  if (!scheme || link.template.noSchemeLaunch) return undefined;
  const url = schemeUrl(scheme, link.address, clickId);
  if (!url) return undefined;
  const next = then?.kind === 'redirect' ? then.url : undefined;
  return { kind: 'launch', scheme: url, fallback: next, outcome: 'scheme' } as const;
}

/**
 * Where a visitor goes (docs/deep-links.md, "Redirector"): crawlers get the share preview, in-app
 * browsers the "open in browser" page when the template wants it, then by redirect mode and
 * platform; anything without an http(s) target ends on the 404 page, never elsewhere.
 */
export function decideRedirect(link: ResolvedLink, device: DeviceInfo, clickId: string): Decision {
  const t = link.template;
  if (device.bot) return { kind: 'preview', outcome: 'preview' };
  if (device.inApp && t.wechatLanding) return { kind: 'landing', outcome: 'landing' };

  if (link.redirectMode === 'custom') {
    const r = link.redirects;
    const own = device.platform === 'ios' ? r.ios : device.platform === 'android' ? r.android : r.web;
    return web(own, 'custom') ?? web(r.default, 'custom') ?? fallback(link);
  }

  switch (device.platform) {
    case 'ios': {
      if (t.webFirst) {
        const h5 = web(t.h5Homepage, 'web');
        if (h5) return h5;
      }
      const store = web(t.appStoreUrl, 'store') ?? web(link.fallbacks.ios, 'store');
      // With a Universal Link the installed app opens before the request reaches us.
      const universal = !!(t.teamId && t.bundleId);
      if (!universal) {
        const launched = launch(t.iosScheme, link, clickId, store);
        if (launched) return launched;
      }
      return store ?? web(t.h5Homepage, 'web') ?? fallback(link);
    }
    case 'android': {
      if (t.webFirst) {
        const h5 = web(t.h5Homepage, 'web');
        if (h5) return h5;
      }
      const store = androidStore(link, device);
      const launched = launch(t.androidSchemes[0], link, clickId, store);
      if (launched) return launched;
      return store ?? web(t.h5Homepage, 'web') ?? fallback(link);
    }
    case 'desktop':
      return (
        web(t.pcHomepage, 'web') ??
        (device.windows
          ? (web(t.windowsStoreUrl, 'store') ?? web(link.fallbacks.windows, 'store'))
          : undefined) ??
        fallback(link)
      );
    default:
      return web(t.h5Homepage, 'web') ?? web(t.pcHomepage, 'web') ?? fallback(link);
  }
}
