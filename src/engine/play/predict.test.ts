import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { awardOrder, pickTotals, qualifiers, settleBlocker, type PickSet } from './predict';

const set = (participantId: string, picks: Record<string, string>, lastPickAt: string): PickSet => ({
  participantId,
  picks,
  lastPickAt,
});
const SETS = [
  set('p1', { m1: 'home', m2: 'draw' }, '2026-01-01T10:00:02Z'),
  set('p2', { m1: 'home', m2: 'draw' }, '2026-01-01T10:00:01Z'),
  set('p3', { m1: 'home' }, '2026-01-01T09:00:00Z'),
  set('p4', { m1: 'away', m2: 'draw' }, '2026-01-01T08:00:00Z'),
  set('p0', { m1: 'home', m2: 'draw' }, '2026-01-01T10:00:01Z'),
];

describe('predict rules', () => {
  it('qualifies those who picked every result, earliest last pick first (ties by id)', () => {
    expect(qualifiers('prediction', ['m1', 'm2'], { m1: 'home', m2: 'draw' }, SETS)).toEqual([
      'p0',
      'p2',
      'p1',
    ]);
    expect(qualifiers('prediction', ['m1', 'm2'], { m1: 'away', m2: 'draw' }, SETS)).toEqual(['p4']);
    // An inherited name is never a pick.
    expect(qualifiers('prediction', ['toString'], { toString: 'x' }, [set('p', {}, 't')])).toEqual([]);
  });

  it('qualifies every voter in voting mode', () => {
    expect(qualifiers('voting', ['m1'], {}, [...SETS, set('p9', {}, 'z')])).toEqual([
      'p4',
      'p3',
      'p0',
      'p2',
      'p1',
    ]);
  });

  it('settles only with every result in and after picks close', () => {
    expect(settleBlocker('prediction', ['m1', 'm2'], { m1: 'a' }, 10, null)).toBe('resultsMissing');
    expect(settleBlocker('prediction', ['m1'], { m1: 'a' }, 10, 11)).toBe('tooEarly');
    expect(settleBlocker('prediction', ['m1'], { m1: 'a' }, 11, 11)).toBeNull();
    expect(settleBlocker('voting', ['m1'], {}, 11, 11)).toBeNull();
  });

  it('gives `each` in qualifying order and `draw` in a uniform random order', () => {
    expect(awardOrder('each', ['a', 'b', 'c'], () => 0)).toEqual(['a', 'b', 'c']);
    const rng = xoroshiro128plus(2026);
    const first: Record<string, number> = {};
    const runs = 30_000;
    for (let i = 0; i < runs; i++) {
      const [winner] = awardOrder('draw', ['a', 'b', 'c'], (n) => uniformInt(rng, 0, n - 1));
      first[winner] = (first[winner] ?? 0) + 1;
    }
    // Binomial(30 000, 1/3): standard deviation about 82; 5 of them either side.
    for (const id of ['a', 'b', 'c']) expect(Math.abs(first[id] - runs / 3)).toBeLessThan(5 * 82);
  });

  it('counts picks per option, every option present', () => {
    expect(
      pickTotals(
        ['home', 'draw', 'away'],
        [
          { optionId: 'home', picks: 3 },
          { optionId: 'gone', picks: 1 },
        ],
      ),
    ).toEqual({ home: 3, draw: 0, away: 0 });
  });
});
