// Hong Kong, Macao and "Hant" read Traditional Chinese (zh-TW); Singapore and "Hans" Simplified.
const canonical = (tag: string) =>
  tag
    .replace(/^zh-(hant.*|hk|mo)$/i, 'zh-TW')
    .replace(/^zh-(hans.*|sg)$/i, 'zh-CN')
    .toLowerCase();

const primary = (tag: string) => tag.split('-')[0];

/**
 * The banner language for a visitor: for each of the visitor's languages in order, an offered
 * language that matches it exactly (case-insensitive), else one with the same primary subtag
 * (`en-GB` takes `en-US`); when none matches, the banner's first (default) language.
 */
export function chooseLanguage(visitor: readonly string[], offered: readonly string[]): string {
  const tags = offered.map((tag) => tag.toLowerCase());
  for (const wanted of visitor.map(canonical)) {
    const i = tags.indexOf(wanted);
    const j = i >= 0 ? i : tags.findIndex((tag) => primary(tag) == primary(wanted));
    if (j >= 0) return offered[j];
  }
  return offered[0];
}
