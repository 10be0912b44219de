/**
 * Where the banner's button goes: the link's URL with the banner's default attribution `params`
 * (gc_src, gc_tid included) and the page's own `utm_*` parameters, the page's winning.
 */
export function bannerUrl(linkUrl: string, params: Record<string, string>, pageUrl: string): string {
  const url = new URL(linkUrl);
  const query = url.searchParams;
  for (const key in params) query.set(key, params[key]);
  new URL(pageUrl).searchParams.forEach((value, key) => {
    if (/^utm_/.test(key) && value) query.set(key, value);
  });
  return url.href;
}
