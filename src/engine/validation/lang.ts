/** The two console languages. `zh-CN` is the default. */
export type Lang = 'zh-CN' | 'en-US';

export const LANGS: readonly Lang[] = ['zh-CN', 'en-US'];
export const DEFAULT_LANG: Lang = 'zh-CN';

/**
 * Maps the many spellings clients send (`X-Lang: en`, `zh-cn`, stored `enUS`, `--lang en`)
 * to a console language; anything unknown falls back to zh-CN.
 */
export function normalizeLang(value: string | null | undefined): Lang {
  const v = (value ?? '').trim().toLowerCase().replace('_', '-');
  if (v === 'en' || v === 'en-us' || v === 'enus' || v.startsWith('en-')) return 'en-US';
  return DEFAULT_LANG;
}
