/**
 * A per-language text (`{ "zh-CN": "...", "en-US": "..." }`) in the UI language, else the default
 * language, else any; plain strings pass through.
 */
export function pickText(value: unknown, language: string, defaultLanguage?: string): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  const texts = value as Record<string, unknown>;
  const pick = [language, defaultLanguage, ...Object.keys(texts)].find(
    (key) => key && typeof texts[key] === 'string' && (texts[key] as string).trim() !== '',
  );
  return pick ? (texts[pick] as string) : '';
}
