// Which ad URL a visitor gets: weighted rendezvous hashing (an exponential race on hashed
// uniforms, also known as P-MinHash). It is deterministic, needs no stored assignment, and moves
// as few visitors as a stateless scheme can when weights change.

/** A URL with its weight (the ratio in percent, or an AI share). */
export interface WeightedUrl {
  /** The URL text; also what the hash reads, so the same URL keeps its visitors. */
  key: string;
  /** Weight >= 0; 0 (or not a finite positive number) never wins. */
  weight: number;
}

/** URLs with their hashes computed once: cache one per strategy (and language) on the server. */
export interface PreparedUrls {
  /** Keys of the URLs with a positive weight, in the given order. */
  readonly keys: readonly string[];
  readonly hashes: Uint32Array;
  readonly weights: Float64Array;
}

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;
const TWO_POW_32 = 4294967296;

// hash32 streams UTF-8 bytes through these, so it allocates nothing (JS runs one call at a time).
let state = 0;
let block = 0;
let filled = 0;

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function scramble(k: number): number {
  return Math.imul(rotl(Math.imul(k, C1), 15), C2);
}

function pushByte(byte: number): void {
  block |= byte << (filled * 8);
  if (++filled === 4) {
    state = (Math.imul(rotl(state ^ scramble(block), 13), 5) + 0xe6546b64) | 0;
    block = 0;
    filled = 0;
  }
}

function finalMix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * MurmurHash3 (x86, 32-bit) of the UTF-8 bytes of `text`: the reference function, so
 * `hash32('hello') === 0x248bfa47`. Lone surrogates count as U+FFFD, like TextEncoder.
 * Returns an unsigned 32-bit integer.
 */
export function hash32(text: string, seed = 0): number {
  state = seed | 0;
  block = 0;
  filled = 0;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      pushByte(c);
      length += 1;
    } else if (c < 0x800) {
      pushByte(0xc0 | (c >> 6));
      pushByte(0x80 | (c & 0x3f));
      length += 2;
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          pushByte(0xf0 | (c >> 18));
          pushByte(0x80 | ((c >> 12) & 0x3f));
          pushByte(0x80 | ((c >> 6) & 0x3f));
          pushByte(0x80 | (c & 0x3f));
          length += 4;
          continue;
        }
        c = 0xfffd;
      }
      pushByte(0xe0 | (c >> 12));
      pushByte(0x80 | ((c >> 6) & 0x3f));
      pushByte(0x80 | (c & 0x3f));
      length += 3;
    }
  }
  let h = state;
  if (filled > 0) h ^= scramble(block);
  return finalMix(h ^ length);
}

/** MurmurHash3 of the 4 little-endian bytes of `value` seeded with `seed`: one round, no string. */
export function mix32(seed: number, value: number): number {
  const h = (Math.imul(rotl(seed ^ scramble(value), 13), 5) + 0xe6546b64) | 0;
  return finalMix(h ^ 4);
}

/** The visitor's hash within a strategy: the per-URL uniforms mix it with each URL's hash. */
export function visitorHash(visitorKey: string, strategyId: string): number {
  return hash32(visitorKey, hash32(strategyId));
}

// The race time of one URL: -ln(u) / w with u uniform in (0, 1); the smallest time wins, which
// happens with probability w / sum(w).
function raceTime(visitor: number, urlHash: number, weight: number): number {
  return -Math.log((mix32(visitor, urlHash) + 0.5) / TWO_POW_32) / weight;
}

function usable(weight: number): boolean {
  return weight > 0 && weight < Infinity;
}

/**
 * Picks the URL for a visitor by weighted rendezvous hashing: P(url i) = w_i / sum(w); the same
 * (visitor, strategy, urls) always gives the same key, whatever the order of `urls`; raising one
 * weight moves visitors only TO that URL, lowering it moves visitors only FROM it, adding a URL
 * moves visitors only to the new one, and scaling all weights by one factor moves nobody.
 * Returns null when no weight is > 0. Hashes every URL per call: on a hot path cache
 * `prepareUrls(urls)` and call `assignPrepared` instead.
 */
export function assignUrl(
  visitorKey: string,
  strategyId: string,
  urls: readonly WeightedUrl[],
): string | null {
  const visitor = visitorHash(visitorKey, strategyId);
  let best: string | null = null;
  let bestTime = Infinity;
  for (const url of urls) {
    if (!usable(url.weight)) continue;
    const time = raceTime(visitor, hash32(url.key), url.weight);
    if (time < bestTime || (time === bestTime && best !== null && url.key < best)) {
      best = url.key;
      bestTime = time;
    }
  }
  return best;
}

/** Hashes the URLs once and drops those with no positive weight (see `assignPrepared`). */
export function prepareUrls(urls: readonly WeightedUrl[]): PreparedUrls {
  const kept = urls.filter((url) => usable(url.weight));
  return {
    keys: kept.map((url) => url.key),
    hashes: Uint32Array.from(kept, (url) => hash32(url.key)),
    weights: Float64Array.from(kept, (url) => url.weight),
  };
}

/**
 * `assignUrl` over prepared URLs: the same answer, with one string hash per call (the visitor)
 * and no allocation. Returns null when no URL has a positive weight.
 */
export function assignPrepared(
  visitorKey: string,
  strategyId: string,
  prepared: PreparedUrls,
): string | null {
  const { keys, hashes, weights } = prepared;
  if (keys.length === 0) return null;
  if (keys.length === 1) return keys[0];
  const visitor = visitorHash(visitorKey, strategyId);
  let best = -1;
  let bestTime = Infinity;
  for (let i = 0; i < keys.length; i++) {
    const time = raceTime(visitor, hashes[i], weights[i]);
    if (time < bestTime || (time === bestTime && best >= 0 && keys[i] < keys[best])) {
      best = i;
      bestTime = time;
    }
  }
  return keys[best];
}
