/** The query parameters a serve reads. */
export interface ServeQuery {
  vid?: string;
  lang?: string;
  page?: string;
}

const KEYS = new Set(['vid', 'lang', 'page']);
const MAX_VALUE = 2000;
// A serve is never refused for its query string, but control characters are not kept.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

function decode(value: string): string {
  let text = value.length > MAX_VALUE * 3 ? value.slice(0, MAX_VALUE * 3) : value;
  if (text.includes('%') || text.includes('+')) {
    try {
      text = decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      // A broken escape: the text as it came.
    }
  }
  return text.replace(CONTROL, '').slice(0, MAX_VALUE);
}

/**
 * `vid`, `lang` and `page` of a raw request URL (the first of each), read without building a
 * URLSearchParams: the link host's serve path runs this on every request.
 */
export function serveQuery(url: string): ServeQuery {
  const q = url.indexOf('?');
  // One shape for every answer (the serve path reads it on every request).
  const out: ServeQuery = { vid: undefined, lang: undefined, page: undefined };
  if (q === -1) return out;
  for (const part of url.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    if (!KEYS.has(key) || out[key as keyof ServeQuery] !== undefined) continue;
    out[key as keyof ServeQuery] = eq === -1 ? '' : decode(part.slice(eq + 1));
  }
  return out;
}
