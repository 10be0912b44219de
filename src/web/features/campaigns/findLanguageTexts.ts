/** A text of a config kept per language (`{ "zh-CN": "...", "en-US": "..." }`). */
export interface LanguageText {
  path: string[];
  values: Record<string, string>;
}

// The schema language codes all carry a region (zh-CN, en-US, pt-BR...).
const LANGUAGE = /^[a-z]{2}-[A-Z]{2}$/;

function isLanguageText(value: unknown): value is Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([key, text]) => LANGUAGE.test(key) && typeof text === 'string');
}

/** Every per-language text of a campaign config, in config order, with its path. */
export function findLanguageTexts(config: unknown, path: string[] = []): LanguageText[] {
  if (isLanguageText(config)) return [{ path, values: config }];
  if (Array.isArray(config))
    return config.flatMap((item, index) => findLanguageTexts(item, [...path, String(index)]));
  if (config && typeof config === 'object')
    return Object.entries(config).flatMap(([key, value]) => findLanguageTexts(value, [...path, key]));
  return [];
}

/** Per language: how many of the texts are filled in (non-blank). */
export function languageCompleteness(
  texts: LanguageText[],
  languages: string[],
): Array<{ language: string; filled: number; total: number }> {
  return languages.map((language) => ({
    language,
    filled: texts.filter((text) => (text.values[language] ?? '').trim() !== '').length,
    total: texts.length,
  }));
}
