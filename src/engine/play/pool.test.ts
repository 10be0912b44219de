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

describe('pool edges', () => {
  it('has no round in a campaign that ends when it starts, and ignores a draw time at or after the end', () => {
    expect(poolRounds(T0, T0, T0, 4)).toEqual([]);
    expect(poolRounds(T0, T0 + 10 * H, T0 + 10 * H, 4).map((r) => (r.toMs - T0) / H)).toEqual([4, 8, 10]);
  });

  it('holds at most 366 days of hourly rounds, the last one running to the end', () => {
    const rounds = poolRounds(T0, T0 + 400 * 24 * H, T0 + H, 1);
    expect(rounds).toHaveLength(366 * 24 + 1);
    expect(rounds.at(-1)).toMatchObject({ fromMs: T0 + 366 * 24 * H, toMs: T0 + 400 * 24 * H });
  });

  it('finds no round before the first', () => {
    const rounds = poolRounds(T0, T0 + 10 * H, T0 + 5 * H, 5);
    expect(roundAt(rounds, T0 - 1)).toBeNull();
    expect(roundAt(rounds, T0)?.index).toBe(0);
  });

  it('gives the units left to the largest remainder, then the larger stake, then the first id', () => {
    // 7 over 2 and 3 coins: 2.8 and 4.2; the unit left goes to the 0.8.
    const share = (total: number, stakes: [string, number][], cap = 0) =>
      shareOut(
        total,
        stakes.map(([participantId, coins]) => ({ participantId, coins })),
        cap,
      ).map((s) => [s.participantId, s.share]);
    expect(
      share(7, [
        ['a', 2],
        ['b', 3],
      ]),
    ).toEqual([
      ['a', 3],
      ['b', 4],
    ]);
    // Equal remainders: the larger stake first (2 over 2, 7 and 1 coins: 0.4, 1.4, 0.2).
    expect(
      share(2, [
        ['a', 2],
        ['b', 7],
        ['c', 1],
      ]),
    ).toEqual([
      ['a', 0],
      ['b', 2],
      ['c', 0],
    ]);
    // Equal remainders and stakes: by id, whatever the order given.
    expect(
      share(100, [
        ['c', 1],
        ['b', 1],
        ['a', 1],
      ]),
    ).toEqual([
      ['c', 33],
      ['b', 33],
      ['a', 34],
    ]);
    // No coins, or nothing to share: no shares.
    expect(
      share(10, [
        ['a', 5],
        ['b', 0],
      ]),
    ).toEqual([['a', 10]]);
    expect(
      share(
        10,
        [
          ['a', 5],
          ['b', 0],
        ],
        20,
      ),
    ).toEqual([['a', 10]]);
    expect(share(0, [['a', 5]])).toEqual([]);
  });

  it('keeps the stakes’ order when a later stake is capped, and counts every capped share', () => {
    const share = (total: number, stakes: [string, number][], cap: number) =>
      shareOut(
        total,
        stakes.map(([participantId, coins]) => ({ participantId, coins })),
        cap,
      ).map((s) => [s.participantId, s.share]);
    expect(
      share(
        1000,
        [
          ['a', 100],
          ['b', 800],
          ['c', 100],
        ],
        500,
      ),
    ).toEqual([
      ['a', 250],
      ['b', 500],
      ['c', 250],
    ]);
    // Two capped at 400 leave 200 to the third.
    expect(
      share(
        1000,
        [
          ['c', 100],
          ['a', 450],
          ['b', 450],
        ],
        400,
      ),
    ).toEqual([
      ['c', 200],
      ['a', 400],
      ['b', 400],
    ]);
    // Everyone capped: the rest stays in the pool, the order kept.
    expect(
      share(
        1000,
        [
          ['b', 500],
          ['a', 500],
        ],
        300,
      ),
    ).toEqual([
      ['b', 300],
      ['a', 300],
    ]);
    // Everyone capped over two rounds (the larger stake first, then the smaller with what is
    // left): the answer still lists the stakes in their order.
    expect(
      share(
        1000,
        [
          ['c', 300],
          ['a', 600],
        ],
        400,
      ),
    ).toEqual([
      ['c', 400],
      ['a', 400],
    ]);
  });
});
