/** Text kept of a logged request or response body. */
export const MAX_LOGGED_BODY = 2000;

const SECRET_HEADERS = new Set([
  'x-access-key',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-auth-token',
]);
const MAX_ITEMS = 20;
const SECRET_FIELD = /pass(word)?|secret|token|access_?key|api_?key|authorization|cookie|credential/i;

/** A secret shown only by its first 4 characters, so an operator can tell keys apart. */
export function maskValue(value: string): string {
  return value.length > 8 ? `${value.slice(0, 4)}****` : '****';
}

/** Request headers for the log: secrets masked, multi-value headers joined. */
export function maskHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? maskValue(value) : value.slice(0, 512);
  }
  return out;
}

/**
 * A request path for the log: the values of secret query parameters (`?accessKey=`, which web
 * beacons send instead of the header) masked like secret headers.
 */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq === -1) return part;
      let name: string;
      try {
        name = decodeURIComponent(part.slice(0, eq).replace(/\+/g, ' '));
      } catch {
        name = part.slice(0, eq);
      }
      return SECRET_FIELD.test(name) ? `${part.slice(0, eq)}=${maskValue(part.slice(eq + 1))}` : part;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

function maskDeep(value: unknown, depth: number): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return maskItems(value, depth);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      SECRET_FIELD.test(key) && item !== null && item !== undefined ? '****' : maskDeep(item, depth + 1);
  }
  return out;
}

/**
 * The first items of an array, masked. The log keeps MAX_LOGGED_BODY characters, so the walk
 * stops once the items taken make more JSON than that (or at MAX_ITEMS): a batch of events is
 * masked only as far as its log shows (about four events), and what the log shows is the same.
 */
function maskItems(items: unknown[], depth: number): unknown[] {
  const head: unknown[] = [];
  let length = 0;
  for (const item of items) {
    if (head.length === MAX_ITEMS || length > MAX_LOGGED_BODY) break;
    const masked = maskDeep(item, depth + 1);
    head.push(masked);
    length += (JSON.stringify(masked) ?? '').length + 1;
  }
  const left = items.length - head.length;
  return left > 0 ? [...head, `… (${left} more items)`] : head;
}

/** Text a log column can hold: PostgreSQL refuses NUL, so it is written as `\u0000`. */
export function storable(text: string): string {
  return text.replaceAll('\u0000', '\\u0000');
}

/** Cuts text to the logged length, saying how much was left out. */
export function truncate(text: string, max = MAX_LOGGED_BODY): string {
  const safe = storable(text);
  return safe.length <= max ? safe : `${safe.slice(0, max)}… (${safe.length - max} more characters)`;
}

/** A body for the log: JSON with password, token and key fields masked, then truncated. */
export function maskBody(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') {
    try {
      return truncate(JSON.stringify(maskDeep(JSON.parse(body), 0)));
    } catch {
      return truncate(body);
    }
  }
  if (Buffer.isBuffer(body)) return `(${body.length} bytes)`;
  return truncate(JSON.stringify(maskDeep(body, 0)));
}
