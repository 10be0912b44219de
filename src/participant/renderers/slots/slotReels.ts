import type { PlayPrize } from '../../api/playTypes';
import type { DrawResult } from '../rendererTypes';

/** Rows a reel shows through the window: the one above the payline, the payline, the one below. */
export const WINDOW_ROWS = 3;

export type Random = () => number;

const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)];

/** The drawn prize as a reel symbol: the listed prize of its id, else one made from the answer. */
export function symbolOf(symbols: readonly PlayPrize[], prize: DrawResult['prize']): PlayPrize {
  const listed = prize.id !== null ? symbols.find((symbol) => symbol.id === prize.id) : undefined;
  if (listed) return listed;
  if (prize.isThank) {
    const thank = symbols.find((symbol) => symbol.isThank);
    if (thank) return thank;
  }
  return {
    id: prize.id ?? '',
    name: prize.name,
    image: prize.image,
    isThank: prize.isThank,
    description: null,
  };
}

/**
 * The payline after a draw: the drawn prize's symbol on every reel for a win; for a thank-you a
 * mixed line. The mixed line uses a different symbol on each reel when there are enough symbols
 * (so it never shows two of a kind beside a third: no "near miss" to tempt another go), and with
 * two symbols at least one reel differs. Only a campaign whose sole symbol is the thank-you shows
 * it on every reel.
 */
export function paylineOf(
  symbols: readonly PlayPrize[],
  prize: DrawResult['prize'],
  reels: number,
  random: Random = Math.random,
): PlayPrize[] {
  const drawn = symbolOf(symbols, prize);
  if (!prize.isThank) return Array.from({ length: reels }, () => drawn);
  const pool = symbols.some((symbol) => symbol.id === drawn.id) ? [...symbols] : [...symbols, drawn];
  if (pool.length >= reels) {
    // A random order of the pool; its first `reels` symbols are all different.
    for (let i = pool.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool.slice(0, reels);
  }
  const line = Array.from({ length: reels }, () => pick(pool, random));
  if (pool.length > 1 && line.every((symbol) => symbol.id === line[0].id)) {
    const other = pool.find((symbol) => symbol.id !== line[0].id)!;
    line[Math.floor(random() * reels)] = other;
  }
  return line;
}

/**
 * What reel `reel` shows before its first spin: the symbols in config order, each reel starting
 * one further along, so the resting line is mixed too.
 */
export function restingWindow(symbols: readonly PlayPrize[], reel: number): PlayPrize[] {
  if (symbols.length === 0) return [];
  return Array.from({ length: WINDOW_ROWS }, (_, row) => symbols[(reel + row) % symbols.length]);
}

/** A symbol other than `not` where the list has one, so the payline's neighbours never repeat it. */
function neighbour(symbols: readonly PlayPrize[], not: PlayPrize, random: Random): PlayPrize {
  const others = symbols.filter((symbol) => symbol.id !== not.id);
  return pick(others.length ? others : symbols, random);
}

/**
 * A reel's strip for one spin, top to bottom: the rows on show now (so the spin starts where the
 * reel rests), `passing` rows that fly by, then the row above the payline, the payline's symbol
 * and the row below. Scrolled by `stripShift`, the window ends on the last three rows.
 */
export function reelStrip(
  showing: readonly PlayPrize[],
  stop: PlayPrize,
  symbols: readonly PlayPrize[],
  passing: number,
  random: Random = Math.random,
): PlayPrize[] {
  const pool = symbols.length ? symbols : [stop];
  const flying = Array.from({ length: passing }, () => pick(pool, random));
  return [...showing, ...flying, neighbour(pool, stop, random), stop, neighbour(pool, stop, random)];
}

/** Rows a strip scrolls so its last three rows fill the window. */
export const stripShift = (strip: readonly unknown[]) => Math.max(0, strip.length - WINDOW_ROWS);

/** The symbol on the payline of a strip scrolled by `shift` rows. */
export const paylineRow = <T>(strip: readonly T[], shift: number): T | undefined => strip[shift + 1];

/**
 * The CSS translation that scrolls a strip of `length` rows by `shift` rows (a percentage of the
 * strip's own height, so it needs no measuring).
 */
export const stripTransform = (shift: number, length: number) =>
  length > 0 ? `translateY(${((-shift * 100) / length).toFixed(4)}%)` : 'none';

/** Rows reel `reel` passes in a spin and how long it turns: each reel stops a beat after the last. */
export function reelTiming(reel: number): { passing: number; ms: number } {
  return { passing: 18 + reel * 6, ms: 1900 + reel * 550 };
}

/** A reel as the machine draws it: its strip, how many rows it is scrolled, how long it takes. */
export interface Reel {
  strip: PlayPrize[];
  shift: number;
  ms: number;
}

/** The reels before their first spin (or after the prizes changed): resting windows, no motion. */
export const restingReels = (symbols: readonly PlayPrize[], reels: number): Reel[] =>
  Array.from({ length: reels }, (_, i) => ({ strip: restingWindow(symbols, i), shift: 0, ms: 0 }));

/**
 * The reels of a spin towards `line`: each from what it shows now to its payline symbol, scrolled
 * to the end in its own time. `still` (reduced motion): nothing flies by and nothing takes time.
 */
export function spinReels(
  reels: readonly Reel[],
  line: readonly PlayPrize[],
  symbols: readonly PlayPrize[],
  still: boolean,
  random: Random = Math.random,
): Reel[] {
  return reels.map((reel, i) => {
    const showing = reel.strip.slice(reel.shift, reel.shift + WINDOW_ROWS);
    const timing = reelTiming(i);
    const strip = reelStrip(showing, line[i], symbols, still ? 0 : timing.passing, random);
    return { strip, shift: stripShift(strip), ms: still ? 0 : timing.ms };
  });
}
