import { describe, expect, it } from 'vitest';
import {
  WINDOW_ROWS,
  paylineOf,
  paylineRow,
  reelStrip,
  reelTiming,
  restingReels,
  restingWindow,
  spinReels,
  stripShift,
  stripTransform,
  symbolOf,
} from './slotReels';

const prize = (id: string, isThank = false) => ({ id, name: id, image: null, isThank, description: null });
const drawn = (id: string | null, isThank = false) => ({ id, name: `drawn ${id}`, image: null, isThank });

/** A seeded generator (mulberry32): the same seed gives the same spins. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ids = (line: { id: string }[]) => line.map((symbol) => symbol.id);
const symbols = [prize('coupon'), prize('points'), prize('phone'), prize('thanks', true)];

describe('slot machine payline', () => {
  it('puts the drawn prize on every reel for a win', () => {
    for (const id of ['coupon', 'points', 'phone'])
      for (const reels of [3, 4, 5])
        expect(ids(paylineOf(symbols, drawn(id), reels, seeded(reels)))).toEqual(Array(reels).fill(id));
  });

  it('shows a thank-you as a line of different symbols, never three alike or a near miss', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const line = ids(paylineOf(symbols, drawn('thanks', true), 3, seeded(seed)));
      expect(new Set(line).size, `seed ${seed}: ${line.join(' ')}`).toBe(3);
    }
    // A thank-you the page does not list (id null) is the listed thank-you symbol.
    expect(new Set(ids(paylineOf(symbols, drawn(null, true), 3, seeded(7)))).size).toBe(3);
  });

  it('mixes the line even with two symbols, and with one prize and an unlisted thank-you', () => {
    const two = [prize('coupon'), prize('thanks', true)];
    for (let seed = 1; seed <= 100; seed += 1) {
      const line = ids(paylineOf(two, drawn('thanks', true), 3, seeded(seed)));
      expect(new Set(line).size, `seed ${seed}`).toBe(2);
    }
    const onePrize = [prize('coupon')];
    for (let seed = 1; seed <= 50; seed += 1) {
      const line = ids(paylineOf(onePrize, drawn('gone', true), 3, seeded(seed)));
      expect(
        line.some((id) => id !== 'coupon'),
        `seed ${seed}: ${line.join(' ')}`,
      ).toBe(true);
      expect(line.every((id) => id === 'coupon' || id === 'gone')).toBe(true);
    }
  });

  it('is the same for the same seed (the page uses Math.random; tests pin it)', () => {
    const a = ids(paylineOf(symbols, drawn('thanks', true), 3, seeded(42)));
    expect(ids(paylineOf(symbols, drawn('thanks', true), 3, seeded(42)))).toEqual(a);
  });

  it('finds the drawn symbol by id, else the listed thank-you, else makes one from the answer', () => {
    expect(symbolOf(symbols, drawn('phone')).id).toBe('phone');
    expect(symbolOf(symbols, drawn(null, true)).id).toBe('thanks');
    expect(symbolOf(symbols, { id: 'new', name: 'New', image: '/x.svg', isThank: false })).toEqual({
      id: 'new',
      name: 'New',
      image: '/x.svg',
      isThank: false,
      description: null,
    });
  });
});

describe('slot machine reels', () => {
  it('rest on a mixed line before the first spin', () => {
    const windows = [0, 1, 2].map((reel) => restingWindow(symbols, reel));
    for (const window of windows) expect(window).toHaveLength(WINDOW_ROWS);
    expect(windows.map((window) => window[1].id)).toEqual(['points', 'phone', 'thanks']);
    expect(restingWindow([], 0)).toEqual([]);
  });

  it('scroll from what they show to the payline symbol, its neighbours different from it', () => {
    for (let seed = 1; seed <= 100; seed += 1) {
      const random = seeded(seed);
      const showing = restingWindow(symbols, seed % 3);
      const stop = symbols[seed % symbols.length];
      const { passing } = reelTiming(seed % 3);
      const strip = reelStrip(showing, stop, symbols, passing, random);
      expect(strip).toHaveLength(WINDOW_ROWS + passing + WINDOW_ROWS);
      expect(strip.slice(0, WINDOW_ROWS)).toEqual(showing);
      const shift = stripShift(strip);
      expect(paylineRow(strip, shift)).toBe(stop);
      expect(strip[shift].id).not.toBe(stop.id);
      expect(strip[shift + 2].id).not.toBe(stop.id);
      // At rest (shift 0) the payline is the middle row on show now.
      expect(paylineRow(strip, 0)).toBe(showing[1]);
    }
  });

  it('translate by a share of the strip, and stop one after another', () => {
    expect(stripTransform(0, 10)).toBe('translateY(0.0000%)');
    expect(stripTransform(7, 10)).toBe('translateY(-70.0000%)');
    expect(stripTransform(1, 3)).toBe('translateY(-33.3333%)');
    expect(stripTransform(0, 0)).toBe('none');
    const timings = [0, 1, 2].map(reelTiming);
    for (let reel = 1; reel < 3; reel += 1) {
      expect(timings[reel].ms).toBeGreaterThan(timings[reel - 1].ms);
      expect(timings[reel].passing).toBeGreaterThan(timings[reel - 1].passing);
    }
  });

  it('spin every reel from what it shows to its payline symbol, each stopping later; still ones at once', () => {
    const line = [symbols[0], symbols[1], symbols[2]];
    const resting = restingReels(symbols, 3);
    expect(resting.map((reel) => paylineRow(reel.strip, reel.shift)?.id)).toEqual([
      'points',
      'phone',
      'thanks',
    ]);
    const spun = spinReels(resting, line, symbols, false, seeded(7));
    expect(spun.map((reel) => paylineRow(reel.strip, reel.shift))).toEqual(line);
    expect(spun.map((reel) => reel.strip.slice(0, WINDOW_ROWS))).toEqual(resting.map((reel) => reel.strip));
    expect(spun.map((reel) => reel.ms)).toEqual([0, 1, 2].map((i) => reelTiming(i).ms));
    // The next spin starts from the window the last one stopped on.
    const again = spinReels(spun, [symbols[3], symbols[3], symbols[3]], symbols, true, seeded(8));
    expect(again.map((reel) => reel.strip.slice(0, WINDOW_ROWS))).toEqual(
      spun.map((reel) => reel.strip.slice(reel.shift, reel.shift + WINDOW_ROWS)),
    );
    expect(again.map((reel) => reel.strip.length)).toEqual([6, 6, 6]);
    expect(again.map((reel) => reel.ms)).toEqual([0, 0, 0]);
    expect(again.map((reel) => paylineRow(reel.strip, reel.shift)?.id)).toEqual([
      'thanks',
      'thanks',
      'thanks',
    ]);
  });
});
