import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { matchView, percentages, readProgress, type PredictProgress } from './predictModel';

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

describe('matchView', () => {
  const match = {
    id: 'm1',
    title: 'A v B',
    options: [
      { id: 'a', label: 'A', image: null },
      { id: 'b', label: 'B', image: null },
      { id: 'draw', label: 'Draw', image: null },
    ],
  };
  const progress = (over: Partial<PredictProgress> = {}): PredictProgress => ({
    picks: {},
    results: {},
    totals: null,
    settled: false,
    open: true,
    ...over,
  });

  it('lets the player pick an open match, showing the option tapped', () => {
    expect(matchView(match, progress(), 'b', false)).toEqual({
      mine: undefined,
      result: undefined,
      totals: null,
      selected: 'b',
      canPick: true,
      closed: false,
    });
    expect(matchView(match, progress(), undefined, true).canPick).toBe(false);
  });

  it('shows the pick once made, and the totals with percentages that add up to 100', () => {
    const view = matchView(
      match,
      progress({ picks: { m1: 'a' }, totals: { m1: { a: 1, b: 2 } } }),
      'b',
      false,
    );
    expect(view).toMatchObject({ mine: 'a', selected: 'a', canPick: false, closed: false });
    expect(view.totals).toEqual({ counts: { a: 1, b: 2 }, shares: [33, 67, 0] });
  });

  it('says picks closed for a match the player did not pick, and not once it has a result', () => {
    expect(matchView(match, progress({ open: false }), undefined, false)).toMatchObject({
      canPick: false,
      closed: true,
    });
    expect(matchView(match, progress({ open: false, results: { m1: 'b' } }), undefined, false)).toMatchObject(
      {
        result: 'b',
        closed: false,
      },
    );
  });
});
