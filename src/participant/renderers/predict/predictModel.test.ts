import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { percentages, readProgress } from './predictModel';

describe('percentages', () => {
  it('rounds by the largest remainder so the parts add up to 100', () => {
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentages([2, 1])).toEqual([67, 33]);
    expect(percentages([0, 0])).toEqual([0, 0]);
    expect(percentages([5])).toEqual([100]);
    expect(percentages([1, 0, 3])).toEqual([25, 0, 75]);
  });

  it('always adds up to 100 and stays within one point of the exact share (5,000 seeded tallies)', () => {
    const rng = xoroshiro128plus(20261125);
    for (let run = 0; run < 5000; run++) {
      const counts = Array.from({ length: uniformInt(rng, 1, 8) }, () => uniformInt(rng, 0, 1000));
      const total = counts.reduce((a, b) => a + b, 0);
      const parts = percentages(counts);
      if (total === 0) {
        expect(parts.every((p) => p === 0)).toBe(true);
        continue;
      }
      expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
      parts.forEach((p, i) => expect(Math.abs(p - (counts[i] * 100) / total)).toBeLessThan(1));
    }
  });
});

describe('readProgress', () => {
  it('reads what the server sends and treats anything else as empty', () => {
    expect(readProgress(undefined)).toEqual({
      picks: {},
      results: {},
      totals: null,
      settled: false,
      open: true,
    });
    expect(
      readProgress({
        picks: { m: 'a', bad: 1 },
        results: { m: 'b' },
        totals: { m: { a: 2, b: 'x' } },
        settled: true,
        open: false,
      }),
    ).toEqual({
      picks: { m: 'a' },
      results: { m: 'b' },
      totals: { m: { a: 2 } },
      settled: true,
      open: false,
    });
  });
});
