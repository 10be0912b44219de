import { assignPrepared, prepareUrls, type PreparedUrls, type WeightedUrl } from '../../engine/ads/assign';
import {
  strategyLanguageFor,
  strategyUrlGroups,
  type AdsStrategyConfig,
} from '../../engine/ads/strategyUrls';
import { safeHttpUrl } from '../links/safeHttpUrl';

/** The query parameter a served URL carries the request id in when the config says nothing. */
export const DEFAULT_CLICK_ID_PARAM = 'gc_cid';
const CLICK_ID_PARAM = /^[A-Za-z0-9_.-]{0,32}$/;

/** One URL a strategy may serve, with its `ad_urls` row and its target split around the request id. */
export interface ServedUrl {
  /** The URL as the config writes it (the assignment's key and the `ad_urls.url`). */
  url: string;
  urlId: string;
  /** The target is `head + requestId + tail` (or just `head + tail` without a click id parameter). */
  head: string;
  tail: string;
}

/** The URLs of one language group, hashed once for the assignment. */
export interface ServedGroup {
  prepared: PreparedUrls;
  byKey: Map<string, ServedUrl>;
}

/** Everything a serve needs, cached per strategy: no database read on a hit. */
export interface ServedStrategy {
  id: string;
  projectId: string;
  /** The project's link prefix: the link host serves only its own project's strategies. */
  prefix: string;
  /** The project's module switch. */
  enabled: boolean;
  /** The project's rollup zone when read (the writer checks it is still the zone). */
  zone: string;
  urlPattern: string;
  clickIdParam: string;
  /** The redirect settings' default address (a link-host request with no ad goes there). */
  fallbackUrl: string | undefined;
  config: AdsStrategyConfig;
  /** By language group ('' for a general strategy). */
  groups: Map<string, ServedGroup>;
  /** Every URL served, by `ad_urls.id` (a click names its request's URL). */
  byUrlId: Map<string, ServedUrl>;
  /** Memo of the group a visitor language lands in (bounded). */
  languages: Map<string, string | null>;
}

export interface ServedStrategyInput {
  id: string;
  projectId: string;
  prefix: string;
  enabled: boolean;
  zone: string;
  config: AdsStrategyConfig;
  /** `ad_urls.id` by URL text. */
  urlIds: ReadonlyMap<string, string>;
  /** AI weights by language group, then URL (replacing the configured ratios). */
  weights?: ReadonlyMap<string, ReadonlyMap<string, number>>;
  fallbackUrl?: string;
}

/** The click id parameter of a config: its own when well formed, else the default. */
export function clickIdParamOf(config: { clickIdParam?: unknown }): string {
  const param = config.clickIdParam;
  if (typeof param === 'string' && CLICK_ID_PARAM.test(param)) return param;
  return DEFAULT_CLICK_ID_PARAM;
}

/**
 * Splits an address around the request id it gets: `?param=` (or `&param=`) before any fragment.
 * Without a parameter the address is served as it is.
 */
export function splitTarget(address: string, param: string): { head: string; tail: string } {
  if (param === '') return { head: address, tail: '' };
  const hash = address.indexOf('#');
  const base = hash === -1 ? address : address.slice(0, hash);
  const tail = hash === -1 ? '' : address.slice(hash);
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return { head: `${base}${joiner}${encodeURIComponent(param)}=`, tail };
}

/** The address a visitor is sent to for a request. */
export function targetOf(url: ServedUrl, param: string, requestId: string): string {
  return param === '' ? url.head + url.tail : url.head + requestId + url.tail;
}

/**
 * Builds the cached form of a strategy: each language group's URLs that are safe http(s) targets
 * to a public host (the redirector's own check: never an open redirect) and have an `ad_urls`
 * row, prepared for the assignment with their ratios (or AI weights).
 */
export function buildServedStrategy(input: ServedStrategyInput): ServedStrategy {
  const clickIdParam = clickIdParamOf(input.config);
  const groups = new Map<string, ServedGroup>();
  const byUrlId = new Map<string, ServedUrl>();
  for (const group of strategyUrlGroups(input.config)) {
    const weights = input.weights?.get(group.language);
    const byKey = new Map<string, ServedUrl>();
    const weighted: WeightedUrl[] = [];
    for (const entry of group.urls) {
      const safe = safeHttpUrl(entry.key);
      const urlId = input.urlIds.get(entry.key);
      if (!safe || !urlId || byKey.has(entry.key)) continue;
      const served = { url: entry.key, urlId, ...splitTarget(safe, clickIdParam) };
      byKey.set(entry.key, served);
      byUrlId.set(urlId, served);
      weighted.push({ key: entry.key, weight: weights ? (weights.get(entry.key) ?? 0) : entry.weight });
    }
    groups.set(group.language, { prepared: prepareUrls(weighted), byKey });
  }
  return {
    id: input.id,
    projectId: input.projectId,
    prefix: input.prefix,
    enabled: input.enabled,
    zone: input.zone,
    urlPattern: typeof input.config.urlPattern === 'string' ? input.config.urlPattern : '',
    clickIdParam,
    fallbackUrl: input.fallbackUrl,
    config: input.config,
    groups,
    byUrlId,
    languages: new Map(),
  };
}

const LANGUAGE_MEMO = 200;

/** The language group a visitor language lands in, or null (none enabled fits). */
export function groupOf(strategy: ServedStrategy, language: string): ServedGroup | null {
  let picked = strategy.languages.get(language);
  if (picked === undefined) {
    picked = strategyLanguageFor(strategy.config, language || null);
    if (strategy.languages.size >= LANGUAGE_MEMO) strategy.languages.clear();
    strategy.languages.set(language, picked);
  }
  return picked === null ? null : (strategy.groups.get(picked) ?? null);
}

/** The URL a visitor gets from a group (the same visitor, the same URL), or null. */
export function assignServedUrl(
  strategy: ServedStrategy,
  group: ServedGroup,
  visitorKey: string,
): ServedUrl | null {
  const key = assignPrepared(visitorKey, strategy.id, group.prepared);
  return key === null ? null : (group.byKey.get(key) ?? null);
}
