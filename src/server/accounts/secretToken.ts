import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url: what the client holds. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database holds instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
