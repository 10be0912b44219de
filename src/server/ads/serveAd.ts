import { pageMatches } from '../../engine/ads/strategyUrls';
import { ipHash } from '../attribution/fingerprint';
import { clickRandom } from '../redirect/clickId';
import type { AdRequestSource } from './adsTables';
import { requestIdOf } from './requestIds';
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
  /** The visitor's address, read only when there is no `vid` (behind a proxy it is parsed). */
  ip: () => string;
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

/**
 * The visitor key a URL is assigned by: the site's `vid` when given, else the salted hash of the
 * address with the User-Agent (so the same visitor keeps its URL without a cookie).
 */
export function visitorKeyOf(vid: string | undefined, ip: () => string, userAgent: string): string {
  const own = vid?.trim();
  if (own) return `v:${own.slice(0, MAX_VID)}`;
  return `a:${ipHash(ip())}|${userAgent.slice(0, 512)}`;
}

/**
 * One request for an ad of a strategy: picks the visitor's URL (module on, page matching the
 * strategy's URL pattern, a language group for the visitor's language), counts the request
 * (matched or not) and, when `click`, its click in the serve queue, and makes the request's id
 * (which carries the URL and the page domain, see requestIds.ts). Touches no database; the
 * visitor key is used for the assignment only and never stored.
 */
export function serveAd(strategy: ServedStrategy, input: ServeInput, queue: ServeQueue): ServeResult {
  const page = input.page?.trim() || input.referer?.trim() || '';
  let url: ServedUrl | null = null;
  if (strategy.enabled && pageMatches(strategy.urlPattern, page)) {
    const group = groupOf(strategy, requestLanguage(input.lang, input.acceptLanguage));
    if (group) url = assignServedUrl(strategy, group, visitorKeyOf(input.vid, input.ip, input.userAgent));
  }
  const domain = pageDomain(page);
  const requestId = requestIdOf(input.timeMs, clickRandom(), input.source, url?.urlId ?? null, domain);
  if (input.record)
    queue.count(
      strategy.projectId,
      strategy.id,
      url?.urlId ?? '',
      input.timeMs,
      domain,
      url && input.click ? 1 : 0,
    );
  return { requestId, url, target: url ? targetOf(url, strategy.clickIdParam, requestId) : null };
}
