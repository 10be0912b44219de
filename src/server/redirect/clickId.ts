import { randomFillSync } from 'node:crypto';

// Click ids are made on the hot path: random bytes are drawn from a pool refilled in bulk
// (one call per 512 ids instead of one per click), after a time part so ids of one moment sort
// together and the index grows at its end.
const POOL_IDS = 512;
const RANDOM_BYTES = 6;
const pool = Buffer.alloc(POOL_IDS * RANDOM_BYTES);
let offset = pool.length;

/** A unique click id: 9 characters of time (ms, base-32 digits in ASCII order) + 8 random. */
export function clickId(): string {
  if (offset >= pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const random = pool.toString('base64url', offset, offset + RANDOM_BYTES);
  offset += RANDOM_BYTES;
  return Date.now().toString(32).padStart(9, '0') + random;
}
