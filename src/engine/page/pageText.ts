import { urlProblem } from '../validation/urlProblem';

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

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A `#rgb` / `#rrggbb` colour for a style, or nothing. */
export function safeColor(value: unknown): string | undefined {
  return typeof value === 'string' && HEX.test(value) ? value : undefined;
}

// Characters that could leave a CSS url("...") or an attribute are never part of an address here.
const SAFE_URL = /^(https?:\/\/[^\s"'()\\<>]+|\/(?!\/)[^\s"'()\\<>]*)$/;

/**
 * An image address for src/url(), or nothing when it is not a public http(s) address or the
 * console's own `/uploads/...` (the engine's image rule; configs saved before it may hold others).
 */
export function safeUrl(value: unknown): string | undefined {
  return typeof value === 'string' &&
    value.length <= 1024 &&
    SAFE_URL.test(value) &&
    !urlProblem(value, 'image')
    ? value
    : undefined;
}
