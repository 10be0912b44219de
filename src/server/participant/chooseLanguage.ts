/**
 * The campaign language of a visit: `?lang=` when the campaign offers it, else the first
 * Accept-Language entry it offers (exact, then by primary subtag), else its default language.
 */
export function chooseLanguage(
  offered: readonly string[],
  defaultLanguage: string,
  queryLang: string | undefined,
  acceptLanguage: string | undefined,
): string {
  const find = (wanted: string): string | undefined => {
    const lower = wanted.trim().toLowerCase();
    if (!lower) return undefined;
    const exact = offered.find((lang) => lang.toLowerCase() === lower);
    if (exact) return exact;
    const primary = lower.split('-')[0];
    return offered.find((lang) => lang.toLowerCase().split('-')[0] === primary);
  };
  if (queryLang) {
    const picked = find(queryLang);
    if (picked) return picked;
  }
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const picked = find(entry.tag);
    if (picked) return picked;
  }
  return defaultLanguage;
}
