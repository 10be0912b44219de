/**
 * A per-language text (`{ "zh-CN": "...", "en-US": "..." }`) in one language: the wanted one,
 * else the fallback language, else the first non-empty one. Plain strings pass through.
 */
export function textInLanguage(value: unknown, lang?: string | null, fallback?: string | null): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  const texts = value as Record<string, unknown>;
  for (const key of [lang, fallback]) {
    const text = key ? texts[key] : undefined;
    if (typeof text === 'string' && text) return text;
  }
  const first = Object.values(texts).find((text) => typeof text === 'string' && text);
  return typeof first === 'string' ? first : '';
}
