import { randomBytes } from 'node:crypto';

/** A random, URL-safe 12-character id (72 bits). */
export function randomId(): string {
  return randomBytes(9).toString('base64url');
}
