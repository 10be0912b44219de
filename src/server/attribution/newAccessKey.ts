import { randomBytes } from 'node:crypto';

/** A new SDK access key for a project: 24 random bytes, base64url (32 characters). */
export function newAccessKey(): string {
  return randomBytes(24).toString('base64url');
}
