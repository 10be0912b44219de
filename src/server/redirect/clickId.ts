import { randomFillSync } from 'node:crypto';

// Click ids are made on the hot path: random bytes are drawn from a pool refilled in bulk
// (one call per 512 ids instead of one per click).
const POOL_IDS = 512;
const RANDOM_BYTES = 6;
const pool = Buffer.alloc(POOL_IDS * RANDOM_BYTES);
let offset = pool.length;

/** 48 random bits, the random part of a click id (see `clickIdOf`). */
export function clickRandom(): number {
  if (offset >= pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const random = pool.readUIntBE(offset, RANDOM_BYTES);
  offset += RANDOM_BYTES;
  return random;
}
