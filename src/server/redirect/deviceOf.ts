import { UAParser } from 'ua-parser-js';
import { Bots, Crawlers, Fetchers, InApps } from 'ua-parser-js/extensions';
import type { StoreKey } from '../links/templateSettings';

export type DevicePlatform = 'ios' | 'android' | 'desktop' | 'other';

/** What the redirector needs to know about the visitor's device. */
export interface DeviceInfo {
  platform: DevicePlatform;
  os: string | null;
  osVersion: string | null;
  /** Normalised brand: huawei, honor, xiaomi, samsung, oppo, realme, oneplus, vivo, apple, ... */
  brand: string | null;
  model: string | null;
  browser: string | null;
  windows: boolean;
  /** A named app's in-app browser (WeChat, QQ, Weibo, ...); a plain system WebView is not one. */
  inApp: boolean;
  /** Crawlers, link-preview fetchers and other robots. */
  bot: boolean;
  /** The brand's own Android store, when it has one. */
  store: StoreKey | null;
}

const EXTENSIONS = [Crawlers, Fetchers, InApps, Bots].flat();

// Social and chat link-preview robots (ua-parser-js knows most; this list is the safety net).
const CRAWLER =
  /twitterbot|facebookexternalhit|facebot|slackbot|telegrambot|whatsapp|linkedinbot|discordbot|pinterestbot|redditbot|applebot|googlebot|bingbot|yandex|baiduspider|vkshare|skypeuripreview|iframely|embedly|mastodon|cardyb|bytespider|petalbot|line-poker|kakaotalk-scrap|snap url preview|qwantify|duckduckbot|semrushbot|ahrefsbot|\b(bot|crawler|spider)\b/i;

const IN_APP_NAMES =
  /^(wechat|qq|weibo|dingtalk|alipay|douyin|tiktok|facebook|instagram|line|snapchat|twitter|linkedin|baidu box app)$/i;
// Apps that report themselves inside other browser names ("QQBrowser ... QQ/8.8.68", LINE and
// Douyin inside "Chrome WebView", Facebook's FB_IAB/FBAV).
const IN_APP_TOKENS =
  /micromessenger|\sqq\/\d|weibo|dingtalk|alipayclient|aweme|bytedancewebview|\sline\/\d|fb_iab|fbav\/|instagram\s\d/i;
// A bare system WebView (Android's `; wv)`) names no app: ua-parser-js calls it an in-app
// browser, but it is some app's own web view and follows the normal platform path.
const GENERIC_WEBVIEW = /^(chrome webview|android webview|webview)$/i;

const VENDOR_BRAND: Record<string, string> = {
  huawei: 'huawei',
  honor: 'honor',
  xiaomi: 'xiaomi',
  redmi: 'xiaomi',
  poco: 'xiaomi',
  samsung: 'samsung',
  oppo: 'oppo',
  realme: 'realme',
  oneplus: 'oneplus',
  vivo: 'vivo',
  iqoo: 'vivo',
  apple: 'apple',
  google: 'google',
};

const BRAND_STORE: Record<string, StoreKey> = {
  huawei: 'huawei',
  honor: 'huawei',
  xiaomi: 'xiaomi',
  samsung: 'samsung',
  oppo: 'oppo',
  realme: 'oppo',
  vivo: 'vivo',
};

// Model codes the library leaves without a vendor (Chinese OPPO and vivo models).
function brandFromModel(model: string | undefined, ua: string): string | null {
  if (model && /^P[A-Z]{3}\d{2}$/.test(model)) return 'oppo';
  if (model && /^V\d{4}[A-Z]{0,2}$/.test(model)) return 'vivo';
  if (/HarmonyOS|HUAWEI|HMSCore/i.test(ua)) return 'huawei';
  return null;
}

function parse(ua: string): DeviceInfo {
  const result = UAParser(ua, EXTENSIONS);
  const browser = result.browser.name ?? null;
  // The typings leave out crawler/fetcher/bot, which the extensions do report.
  const browserType: string | undefined = result.browser.type;
  const bot =
    browserType === 'crawler' || browserType === 'fetcher' || browserType === 'bot' || CRAWLER.test(ua);
  const osName = result.os.name ?? null;
  const vendor = result.device.vendor?.toLowerCase();
  const brand = (vendor && VENDOR_BRAND[vendor]) ?? vendor ?? brandFromModel(result.device.model, ua);
  let platform: DevicePlatform = 'other';
  if (osName === 'iOS' || osName === 'iPadOS') platform = 'ios';
  else if (osName === 'Android' || osName === 'HarmonyOS') platform = 'android';
  else if (osName && /^(Windows|macOS|Mac OS|Linux|Ubuntu|Chrome OS|Chromium OS|Fedora|Debian)$/.test(osName))
    platform = result.device.type === 'mobile' || result.device.type === 'tablet' ? 'other' : 'desktop';
  return {
    platform,
    os: osName,
    osVersion: result.os.version ?? null,
    brand,
    model: result.device.model ?? null,
    browser,
    windows: osName === 'Windows',
    inApp:
      !bot &&
      ((browserType === 'inapp' && !GENERIC_WEBVIEW.test(browser ?? '')) ||
        (!!browser && IN_APP_NAMES.test(browser)) ||
        IN_APP_TOKENS.test(ua)),
    bot,
    store: platform === 'android' && brand ? (BRAND_STORE[brand] ?? null) : null,
  };
}

// Parsing costs tens of microseconds; real traffic repeats user agents a lot, so results are
// kept (bounded: the oldest half is dropped when full).
const CACHE_LIMIT = 10_000;
const cache = new Map<string, DeviceInfo>();

/** The visitor's device from its User-Agent header (cached). */
export function deviceOf(userAgent: string | undefined): DeviceInfo {
  const ua = (userAgent ?? '').slice(0, 1024);
  const hit = cache.get(ua);
  if (hit) return hit;
  const info = parse(ua);
  if (cache.size >= CACHE_LIMIT) {
    let drop = CACHE_LIMIT / 2;
    for (const key of cache.keys()) {
      cache.delete(key);
      if (--drop <= 0) break;
    }
  }
  cache.set(ua, info);
  return info;
}
