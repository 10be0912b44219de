import { hash32 } from '../../engine/ads/assign';
import { pageMatches } from '../../engine/ads/strategyUrls';
import { ipHash } from '../attribution/fingerprint';
import { clickRandom } from '../redirect/clickId';
import { clickIdOf } from '../redirect/clickRows';
import { deviceOf } from '../redirect/deviceOf';
import type { AdPlatform, AdRequestSource } from './adsTables';
import { assignServedUrl, groupOf, targetOf, type ServedStrategy, type ServedUrl } from './servedStrategy';
import type { ServeQueue } from './serveQueue';

/** What a serve reads from the request (query parameters first, then headers). */
export interface ServeInput {
  /** `vid` query parameter: the site's own visitor id (at most 64 characters are used). */
  vid?: string;
  /** `lang` query parameter. */
  lang?: string;
  acceptLanguage?: string;
  /** `page` query parameter: the page the ad is shown on. */
  page?: string;
  referer?: string;
  userAgent: string;
  ip: string;
  timeMs: number;
  source: AdRequestSource;
  /** Whether the request is recorded (not for HEAD). */
  record: boolean;
  /** Whether a served URL also counts as followed at once (the link host's 302). */
  click: boolean;
}

export interface ServeResult {
  requestId: string;
  /** The URL served, null when unmatched. */
  url: ServedUrl | null;
  /** Where the visitor goes (the URL with the click id parameter), null when unmatched. */
  target: string | null;
}

const MAX_VID = 64;
const TAG = /^[A-Za-z0-9_-]{1,35}$/;
// scheme://[credentials@]host: the host of a page address, without port.
const PAGE_HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]/?#]*\]|[^/?#:]*)/i;

/** The language a request asks for: `lang`, else the first Accept-Language tag ('' when none). */
export function requestLanguage(lang: string | undefined, acceptLanguage: string | undefined): string {
  const raw = lang?.trim() || acceptLanguage || '';
  if (raw === '') return '';
  const tag = raw.split(/[,;]/, 1)[0].trim().replace(/_/g, '-');
  return TAG.test(tag) ? tag : '';
}

/** The host of a page address, lower case ('' when it has none). */
export function pageDomain(page: string): string {
  const host = PAGE_HOST.exec(page)?.[1];
  return host ? host.toLowerCase().slice(0, 253) : '';
}

/** The platform an ad request counts for, from the device the User-Agent names. */
export function adPlatformOf(userAgent: string): AdPlatform {
  const { platform } = deviceOf(userAgent);
  if (platform === 'ios' || platform === 'android') return platform;
  return platform === 'desktop' ? 'web' : 'other';
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}

/** The stored visitor: 16 hex characters of a hash of the visitor key (never the key itself). */
export function visitorHashOf(visitorKey: string): string {
  return hex8(hash32(visitorKey, 0x9e3779b9)) + hex8(hash32(visitorKey, 0x85ebca6b));
}

/**
 * The visitor key a URL is assigned by: the site's `vid` when given, else the salted hash of the
 * address with the User-Agent (so the same visitor keeps its URL without a cookie).
 */
export function visitorKeyOf(vid: string | undefined, ip: string, userAgent: string): string {
  const own = vid?.trim();
  if (own) return `v:${own.slice(0, MAX_VID)}`;
  return `a:${ipHash(ip)}|${userAgent.slice(0, 512)}`;
}

/**
 * One request for an ad of a strategy: picks the visitor's URL (module on, page matching the
 * strategy's URL pattern, a language group for the visitor's language) and records the request
 * (matched or not) and, when `click`, the click, in the serve queue. Touches no database.
 */
export function serveAd(strategy: ServedStrategy, input: ServeInput, queue: ServeQueue): ServeResult {
  const requestId = clickIdOf(input.timeMs, clickRandom());
  const page = input.page?.trim() || input.referer?.trim() || '';
  const language = requestLanguage(input.lang, input.acceptLanguage);
  const visitorKey = visitorKeyOf(input.vid, input.ip, input.userAgent);
  let url: ServedUrl | null = null;
  if (strategy.enabled && pageMatches(strategy.urlPattern, page)) {
    const group = groupOf(strategy, language);
    if (group) url = assignServedUrl(strategy, group, visitorKey);
  }
  if (input.record) {
    const domain = pageDomain(page);
    queue.pushRequest({
      id: requestId,
      projectId: strategy.projectId,
      strategyId: strategy.id,
      urlId: url?.urlId ?? null,
      timeMs: input.timeMs,
      zone: strategy.zone,
      domain,
      language,
      platform: adPlatformOf(input.userAgent),
      visitor: visitorHashOf(visitorKey),
      source: input.source,
    });
    if (url && input.click)
      queue.pushClick({
        requestId,
        projectId: strategy.projectId,
        strategyId: strategy.id,
        urlId: url.urlId,
        timeMs: input.timeMs,
        zone: strategy.zone,
        domain,
      });
  }
  return { requestId, url, target: url ? targetOf(url, strategy.clickIdParam, requestId) : null };
}
