import { createHmac, timingSafeEqual } from 'node:crypto';

/** Parameters of a postback as sent: text values (a JSON body's numbers and booleans as their text). */
export type PostbackParams = Record<string, string>;

/**
 * The text a postback's `sig` signs: every parameter except `sig`, sorted by key (code unit
 * order), `key=value` joined by `&`, values raw (not URL-encoded).
 */
export function canonicalParams(params: PostbackParams): string {
  return Object.keys(params)
    .filter((key) => key !== 'sig')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** Hex HMAC-SHA256 of `text` keyed with the account's secret (its text, UTF-8). */
export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** Compares a given hex signature with the expected one in constant time (case-insensitive hex). */
export function signatureMatches(expectedHex: string, given: string): boolean {
  const text = given.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(text)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(text, 'hex'));
}

/**
 * Whether a postback is signed by the account's secret: `X-Signature: sha256=<hex>` over the
 * raw body (POST; the parameters are then the body's alone), else the `sig` parameter over the
 * canonical parameters.
 */
export function postbackSigned(input: {
  secret: string;
  params: PostbackParams;
  rawBody?: string;
  header?: string;
}): boolean {
  if (input.header !== undefined) {
    const match = /^sha256=(.*)$/i.exec(input.header.trim());
    // The header signs the body: without one it signs nothing the postback could carry.
    if (!match || !input.rawBody) return false;
    return signatureMatches(hmacHex(input.secret, input.rawBody), match[1]);
  }
  const sig = input.params.sig;
  if (!sig) return false;
  return signatureMatches(hmacHex(input.secret, canonicalParams(input.params)), sig);
}
