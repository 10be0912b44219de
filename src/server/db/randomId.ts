import { randomFillSync } from 'node:crypto';

// Random bytes are drawn from the CSPRNG a few kilobytes at a time (one call per ~450 ids, not
// one per id: a player's draw makes several ids, and the per-call cost showed in its profile).
const POOL = Buffer.alloc(4096);
let used = POOL.length;

/** A random, URL-safe 12-character id (72 bits). */
export function randomId(): string {
  if (used + 9 > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  const id = POOL.toString('base64url', used, used + 9);
  used += 9;
  return id;
}
