import { hash32 } from '../../engine/ads/assign';
import { BASE64URL, clickIdOf } from '../redirect/clickRows';
import type { AdRequestSource } from './adsTables';

// A served request is stored as counts (ad_serves), not as a row: its id carries what a click or
// an income needs later. The id is the click id networks echo back:
//   9 characters of time (ms, base 32) + 8 of randomness (48 bits)      clickIdOf, as for links
//   + 1 of source ('r' link host: followed at once, 'a' API: followed by its click URL)
//   + the served URL's ad_urls id + 6 of a hash of the page domain (32 bits, base64url).
// An unmatched request (nothing served) ends after the source. The URL's row names the strategy
// and project; the domain is the one of the URL's counters in the request's quarter whose hash
// is the tag, so an id resolves only to a serve that was counted.

/** Quarter hours: every time zone's local day starts on one (offsets are multiples of 15 min). */
export const QUARTER_MS = 900_000;

const HEAD = 17;
const TAG = 6;
const SOURCE: Record<AdRequestSource, string> = { redirect: 'r', api: 'a' };
const TIME = /^[0-9a-v]{9}$/;
const URL_ID = /^[A-Za-z0-9_-]{1,40}$/;
const TAG_CHARS = /^[A-Za-z0-9_-]{6}$/;

/** The UTC quarter hour of a time. */
export function quarterOf(timeMs: number): number {
  return Math.floor(timeMs / QUARTER_MS);
}

/** 6 base64url characters of the 32-bit hash of a page domain. */
export function domainTagOf(domain: string): string {
  let rest = hash32(domain, 0x2f6b9e31);
  let tag = '';
  for (let i = 0; i < TAG; i += 1) {
    tag = BASE64URL[rest & 63] + tag;
    rest = Math.floor(rest / 64);
  }
  return tag;
}

/** A request's id; `urlId` null for an unmatched request. */
export function requestIdOf(
  timeMs: number,
  random: number,
  source: AdRequestSource,
  urlId: string | null,
  domain: string,
): string {
  const head = clickIdOf(timeMs, random) + SOURCE[source];
  return urlId === null ? head : head + urlId + domainTagOf(domain);
}

/** What a request id says (null: not one of ours, or unmatched). */
export interface RequestRef {
  timeMs: number;
  source: AdRequestSource;
  urlId: string;
  domainTag: string;
}

export function parseRequestId(id: string): RequestRef | null {
  if (id.length < HEAD + 1 + 1 + TAG || !TIME.test(id.slice(0, 9))) return null;
  const source = id[HEAD] === 'r' ? 'redirect' : id[HEAD] === 'a' ? 'api' : null;
  const urlId = id.slice(HEAD + 1, -TAG);
  const domainTag = id.slice(-TAG);
  if (!source || !URL_ID.test(urlId) || !TAG_CHARS.test(domainTag)) return null;
  return { timeMs: parseInt(id.slice(0, 9), 32), source, urlId, domainTag };
}
