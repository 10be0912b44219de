// What makes two participant requests with one Idempotency-Key the same request: the action's
// name and its JSON body, whatever the order of the body's keys.
import { createHash } from 'node:crypto';

/** The sha256 (hex) of an action's name and the canonical form of its body (none: `{}`). */
export function requestFingerprint(action: string, body: unknown): string {
  return createHash('sha256')
    .update(`${action}\n${canonicalJson(body ?? {})}`)
    .digest('hex');
}

/**
 * JSON text with every object's keys sorted (by UTF-16 code units, as RFC 8785 sorts them) at
 * every depth; arrays keep their order, numbers and strings are written as JSON.stringify writes
 * them, and an undefined property is left out as JSON leaves it out.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
}
