import type { PublicScript } from '../types';

// `google.com`, `www.google.com/x` or `https://google.com/` -> google.com
const hostOf = (referrer: string) =>
  referrer
    .replace(/^[a-z][a-z\d+.-]*:\/\//i, '')
    .split(/[/?#:]/)[0]
    .toLowerCase();

/**
 * The channel the first matching referrer row names: the referrer page's host equals the row's
 * domain or is a subdomain of it (case-insensitive); undefined when no row matches.
 */
export function referrerChannel(referrer: string, rows: PublicScript['referrerMapping']): string | undefined {
  const host = hostOf(referrer);
  if (!host) return undefined;
  for (const row of rows) {
    const domain = hostOf(row.referrer);
    if (domain && (host === domain || host.endsWith(`.${domain}`))) return row.channel;
  }
  return undefined;
}

/**
 * Turbo Script's rewrite of one link: the new href, or null when the link is not one to rewrite.
 * A link is rewritten when it is http(s), its host (with port) is one of `script.hosts` or the
 * element is marked `data-gc-link` (`marked`: any host, for links behind another domain), and,
 * when `script.linkIds` is set, its first path segment is one of them (marked links too).
 * Parameters, later steps winning: the link's own < `accessLinkParams` (only where missing) <
 * `urlMapping` (override value, else the page's non-empty parameter, else the default value,
 * else untouched) < the referrer's `channel` < `overrides` < `params` (gc_src, gc_tid).
 */
export function rewriteUrl(
  href: string,
  pageUrl: string,
  referrer: string,
  script: PublicScript,
  marked = false,
): string | null {
  let url: URL;
  let page: URLSearchParams;
  try {
    url = new URL(href, pageUrl);
    page = new URL(pageUrl).searchParams;
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol)) return null;
  if (!marked && !script.hosts.some((host) => host.toLowerCase() === url.host)) return null;
  if (script.linkIds && !script.linkIds.includes(url.pathname.split('/')[1])) return null;
  const query = url.searchParams;
  const put = (values: Record<string, string>, onlyMissing?: boolean) => {
    for (const key in values) if (!onlyMissing || !query.has(key)) query.set(key, values[key]);
  };
  put(script.accessLinkParams, true);
  for (const row of script.urlMapping) {
    const value = row.overrideValue || page.get(row.accessLinkParam) || row.defaultValue;
    if (value) query.set(row.deepLinkParam, value);
  }
  const channel = referrerChannel(referrer, script.referrerMapping);
  if (channel) query.set('channel', channel);
  put(script.overrides);
  put(script.params);
  return url.href;
}
