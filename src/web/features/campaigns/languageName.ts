const cache = new Map<string, Intl.DisplayNames | null>();

/** A language code (`ja-JP`) named in the UI language (`日语（日本）` / `Japanese (Japan)`). */
export function languageName(code: string, uiLanguage: string): string {
  if (!cache.has(uiLanguage)) {
    try {
      cache.set(uiLanguage, new Intl.DisplayNames([uiLanguage], { type: 'language' }));
    } catch {
      cache.set(uiLanguage, null);
    }
  }
  try {
    return cache.get(uiLanguage)?.of(code) ?? code;
  } catch {
    return code;
  }
}
