import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { exchangeCost, missingFor, pickFragment, setsHeld } from './collect';

const FRAGMENTS = [
  { id: 'a', odds: 50 },
  { id: 'b', odds: 30 },
  { id: 'c', odds: 19.99 },
  { id: 'd', odds: 0.01 },
];

describe('pickFragment', () => {
  it('maps every integer of the total weight to the fragment owning it', () => {
    // Weights in hundredths: a 5000, b 3000, c 1999, d 1 (total 10 000).
    const at = (n: number) => pickFragment(FRAGMENTS, () => n);
    expect(at(0)).toBe('a');
    expect(at(4999)).toBe('a');
    expect(at(5000)).toBe('b');
    expect(at(7999)).toBe('b');
    expect(at(8000)).toBe('c');
    expect(at(9998)).toBe('c');
    expect(at(9999)).toBe('d');
    expect(pickFragment([{ id: 'x', odds: 0 }], () => 0)).toBeNull();
  });

  it('gives each fragment its share over many seeded draws', () => {
    const rng = xoroshiro128plus(7);
    const counts: Record<string, number> = {};
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const id = pickFragment(FRAGMENTS, (total) => uniformInt(rng, 0, total - 1)) as string;
      counts[id] = (counts[id] ?? 0) + 1;
    }
    // Seeded, so exact: within 0.2 % of 100 000, 60 000, 39 980 and 20.
    expect(counts).toEqual({ a: 99_900, b: 60_206, c: 39_875, d: 19 });
  });
});

describe('sets and exchange cost', () => {
  const ids = ['a', 'b', 'c'];
  it('counts full sets as the scarcest kind', () => {
    expect(setsHeld({ a: 3, b: 2, c: 5 }, ids)).toBe(2);
    expect(setsHeld({ a: 3, b: 2 }, ids)).toBe(0);
    expect(setsHeld({}, [])).toBe(0);
  });
  it('costs one each of the first fragmentCount kinds (all of them: the full set) and names what is missing', () => {
    expect(exchangeCost(2, ids)).toEqual({ a: 1, b: 1 });
    expect(exchangeCost(3, ids)).toEqual({ a: 1, b: 1, c: 1 });
    expect(exchangeCost(9, ids)).toEqual({ a: 1, b: 1, c: 1 });
    expect(exchangeCost(undefined, ids)).toEqual({ a: 1, b: 1, c: 1 });
    expect(missingFor({ a: 2 }, exchangeCost(3, ids))).toEqual({ b: 1, c: 1 });
    expect(missingFor({ a: 1, b: 1 }, exchangeCost(2, ids))).toEqual({});
  });
});
