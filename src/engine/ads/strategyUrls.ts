import type { WeightedUrl } from './assign';

/** A link of a strategy with its display ratio in percent (two decimals, e.g. 33.33). */
export interface AdsStrategyUrl {
  url: string;
  ratio: number;
}

/** The config of entity/ads-strategy as the engine reads it (schemas/entities/ads-strategy). */
export interface AdsStrategyConfig {
  name: string;
  type: 'general' | 'by-language';
  distribution: 'custom' | 'ai';
  /** Page glob (see `pageMatches`); '' or absent = every page. */
  urlPattern?: string;
  description?: string;
  /** Query parameter the served URL gets the request id in; '' = none. */
  clickIdParam?: string;
  /** The links of a `general` strategy. */
  urls?: AdsStrategyUrl[];
  /** The language a `by-language` strategy falls back to. */
  defaultLanguage?: string;
  languages?: { language: string; enabled: boolean; urls: AdsStrategyUrl[] }[];
}

/** One set of links a strategy chooses among: `language` is '' for a general strategy. */
export interface StrategyUrlGroup {
  language: string;
  urls: WeightedUrl[];
}

function weighted(urls: readonly AdsStrategyUrl[] | undefined): WeightedUrl[] {
  return (urls ?? []).map((u) => ({ key: u.url, weight: u.ratio }));
}

/** Every link group a strategy serves: the general links, or each enabled language's links. */
export function strategyUrlGroups(config: AdsStrategyConfig): StrategyUrlGroup[] {
  if (config.type !== 'by-language') return [{ language: '', urls: weighted(config.urls) }];
  return (config.languages ?? [])
    .filter((entry) => entry.enabled)
    .map((entry) => ({ language: entry.language, urls: weighted(entry.urls) }));
}

function sameTag(a: string, b: string): boolean {
  return a.length === b.length && a.toLowerCase() === b.toLowerCase();
}

function primary(tag: string): string {
  const cut = tag.indexOf('-');
  return (cut < 0 ? tag : tag.slice(0, cut)).toLowerCase();
}

// Traditional Chinese tags (zh-Hant, zh-HK, zh-MO, zh-TW) go to zh-TW before zh-CN when both exist.
const TRADITIONAL = /^zh-(hant|hk|mo|tw)\b/i;

type LanguageEntry = NonNullable<AdsStrategyConfig['languages']>[number];

function matchTag(entries: readonly LanguageEntry[], tag: string): string | null {
  for (const entry of entries) if (entry.enabled && sameTag(entry.language, tag)) return entry.language;
  const wanted = primary(tag);
  if (wanted === 'zh') {
    const preferred = TRADITIONAL.test(tag) ? 'zh-tw' : 'zh-cn';
    for (const entry of entries)
      if (entry.enabled && entry.language.toLowerCase() === preferred) return entry.language;
  }
  for (const entry of entries) if (entry.enabled && primary(entry.language) === wanted) return entry.language;
  return null;
}

// An Accept-Language value ("en-GB,en;q=0.9,zh-CN;q=0.8"): tags by preference, q=0 left out.
function preferredTags(value: string): string[] {
  return value
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim().replace(/_/g, '-'), q: q ? Number(q[1]) : 1, index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/**
 * The link group a visitor language lands in: '' for a general strategy; for a by-language one
 * the enabled language matching exactly (case-insensitive, `_` read as `-`), else by primary
 * subtag (`en-GB` -> `en-US`; traditional Chinese prefers `zh-TW`), else the default language
 * when it is enabled; null when none. `language` may be one tag or a whole Accept-Language value
 * (its tags are tried in preference order, each exactly then by primary subtag).
 * Cache per strategy the groups of `strategyUrlGroups` and look them up with this.
 */
export function strategyLanguageFor(config: AdsStrategyConfig, language: string | null): string | null {
  if (config.type !== 'by-language') return '';
  const entries = config.languages ?? [];
  const text = (language ?? '').trim();
  if (text !== '') {
    const tags = /[,;]/.test(text) ? preferredTags(text) : [text.replace(/_/g, '-')];
    for (const tag of tags) {
      const found = matchTag(entries, tag);
      if (found !== null) return found;
    }
  }
  const fallback = entries.find((entry) => entry.enabled && entry.language === config.defaultLanguage);
  return fallback ? fallback.language : null;
}

/**
 * The URLs (with ratio weights) a strategy offers a visitor language: general -> `urls`;
 * by-language -> the group `strategyLanguageFor` picks (exact, then primary subtag, else the
 * default language); [] when no group fits.
 */
export function strategyUrlsFor(config: AdsStrategyConfig, language: string | null): WeightedUrl[] {
  const picked = strategyLanguageFor(config, language);
  if (picked === null) return [];
  if (picked === '') return weighted(config.urls);
  return weighted(config.languages?.find((entry) => entry.language === picked)?.urls);
}

// Glob with `*` = any run of characters (none included), matched in linear time for one `*`
// and with the usual single backtrack point otherwise.
function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

interface UrlParts {
  scheme: string;
  /** Host name without the port, lower case. */
  hostname: string;
  /** `:port` or ''. */
  port: string;
  /** Whether anything follows the host (path, query or fragment). */
  hasRest: boolean;
  /** Path (at least '/'), query and fragment as given. */
  rest: string;
}

function splitUrl(url: string): UrlParts | null {
  let text = url.trim();
  let scheme = '';
  const schemeMatch = /^([a-z*][a-z0-9+.*-]*):\/\//i.exec(text);
  if (schemeMatch) {
    scheme = schemeMatch[1].toLowerCase();
    text = text.slice(schemeMatch[0].length);
  } else if (text.startsWith('//')) {
    text = text.slice(2);
  }
  const end = text.search(/[/?#]/);
  const authority = (end < 0 ? text : text.slice(0, end)).replace(/^.*@/, '');
  if (authority === '') return null;
  const rest = end < 0 ? '' : text.slice(end);
  const port = /:[\d*]*$/.exec(authority)?.[0] ?? '';
  return {
    scheme,
    hostname: authority.slice(0, authority.length - port.length).toLowerCase(),
    port,
    hasRest: rest !== '',
    rest: rest.startsWith('/') ? rest : `/${rest}`,
  };
}

function pathOnly(rest: string): string {
  const end = rest.search(/[?#]/);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * Whether a page URL matches a strategy's URL pattern. '' or absent matches every page; `*` is
 * any run of characters. The pattern is read as `host[:port][/path]`, matched against the page's
 * host (case-insensitive; its port only when the pattern names one) and path (case-sensitive;
 * with the query when the pattern has a `?`). A pattern without a path matches every page of its
 * hosts (`*.example.com`). A pattern with a scheme (`https://…`) also requires the scheme and is
 * matched against the full URL after the host (path, query and fragment), `*` included.
 * A page URL without a host never matches a non-empty pattern.
 */
export function pageMatches(pattern: string | undefined, pageUrl: string): boolean {
  const glob = (pattern ?? '').trim();
  if (glob === '') return true;
  const page = splitUrl(pageUrl);
  const want = splitUrl(glob);
  if (page === null || want === null) return false;
  if (want.scheme !== '' && !globMatches(want.scheme, page.scheme)) return false;
  const host = want.port === '' ? page.hostname : page.hostname + page.port;
  if (!globMatches(want.hostname + want.port, host)) return false;
  if (!want.hasRest) return true;
  if (want.scheme !== '') return globMatches(want.rest, page.rest);
  const target = want.rest.includes('?') ? page.rest.replace(/#.*$/, '') : pathOnly(page.rest);
  return globMatches(want.rest, target);
}
