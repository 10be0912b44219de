import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { claimDeadline, poolRounds, roundAt, roundState, shareOut } from './pool';

const H = 3_600_000;
const T0 = Date.parse('2026-12-01T00:00:00Z');

describe('poolRounds', () => {
  it('runs from the start to the draw time, then every roundHours, the last ending with the campaign', () => {
    const rounds = poolRounds(T0, T0 + 50 * H, T0 + 12 * H, 24);
    expect(rounds.map((r) => [(r.fromMs - T0) / H, (r.toMs - T0) / H])).toEqual([
      [0, 12],
      [12, 36],
      [36, 50],
    ]);
    expect(rounds.map((r) => r.index)).toEqual([0, 1, 2]);
  });
  it('starts at the start when the draw time is outside the campaign', () => {
    const rounds = poolRounds(T0, T0 + 10 * H, T0 - H, 4);
    expect(rounds.map((r) => (r.toMs - T0) / H)).toEqual([4, 8, 10]);
  });
  it('finds the round of an instant and its state', () => {
    const rounds = poolRounds(T0, T0 + 10 * H, T0 + 5 * H, 5);
    expect(roundAt(rounds, T0 + 5 * H)?.index).toBe(1);
    expect(roundAt(rounds, T0 + 10 * H)).toBeNull();
    const first = rounds[0];
    expect(roundState(first, T0 + H, false, 2)).toBe('inProgress');
    expect(roundState(first, T0 + 5 * H, false, 2)).toBe('settling');
    expect(roundState(first, T0 + 6 * H, true, 2)).toBe('claiming');
    expect(claimDeadline(first, 2)).toBe(T0 + 7 * H);
    expect(roundState(first, T0 + 7 * H, true, 2)).toBe('settled');
  });
});

describe('shareOut', () => {
  it('shares in proportion, in whole units that add up to the pool', () => {
    const shares = shareOut(100, [
      { participantId: 'a', coins: 1 },
      { participantId: 'b', coins: 1 },
      { participantId: 'c', coins: 1 },
    ]);
    // 33.33 each: the one unit left goes to the first id (equal remainders, equal stakes).
    expect(shares.map((s) => s.share)).toEqual([34, 33, 33]);
    expect(
      shareOut(1000, [
        { participantId: 'a', coins: 600 },
        { participantId: 'b', coins: 300 },
        { participantId: 'c', coins: 100 },
      ]).map((s) => s.share),
    ).toEqual([600, 300, 100]);
    expect(shareOut(10, [])).toEqual([]);
    expect(shareOut(10, [{ participantId: 'a', coins: 0 }])).toEqual([]);
  });

  it('caps each share at perUserMax and shares the rest among the others; what nobody can take stays', () => {
    const stakes = [
      { participantId: 'a', coins: 800 },
      { participantId: 'b', coins: 100 },
      { participantId: 'c', coins: 100 },
    ];
    expect(shareOut(1000, stakes, 500).map((s) => s.share)).toEqual([500, 250, 250]);
    expect(shareOut(1000, stakes, 200).map((s) => s.share)).toEqual([200, 200, 200]);
    expect(shareOut(1000, stakes, 0).map((s) => s.share)).toEqual([800, 100, 100]);
  });

  it('never gives more or less than the pool, and a bigger stake never gets less (seeded)', () => {
    const rng = xoroshiro128plus(2026);
    for (let round = 0; round < 200; round++) {
      const n = uniformInt(rng, 1, 40);
      const total = uniformInt(rng, 1, 100_000);
      const stakes = Array.from({ length: n }, (_, i) => ({
        participantId: `p${i}`,
        coins: uniformInt(rng, 1, 5000),
      }));
      const shares = shareOut(total, stakes);
      expect(shares.reduce((sum, s) => sum + s.share, 0)).toBe(total);
      for (const a of shares)
        for (const b of shares) if (a.coins > b.coins) expect(a.share).toBeGreaterThanOrEqual(b.share);
    }
  });
});
