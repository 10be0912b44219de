import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import {
  claimDeadline,
  claimedRound,
  decideClaim,
  decideStake,
  poolRounds,
  roundAt,
  roundState,
  shareOut,
  type ClaimSituation,
  type StakeSituation,
} from './pool';

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

describe('decideStake', () => {
  // Rounds 0-5 h, 5-10 h.
  const rounds = poolRounds(T0, T0 + 10 * H, T0 + 5 * H, 5);
  const at = (situation: Partial<StakeSituation>) =>
    decideStake({ rounds, nowMs: T0 + 6 * H, asked: 30, balance: 100, ...situation });

  it('stakes the coins asked into the running round and answers the balance left', () => {
    expect(at({})).toEqual({ refusal: null, round: 1, coins: 30, balance: 70 });
    expect(at({ nowMs: T0, asked: 1 })).toEqual({ refusal: null, round: 0, coins: 1, balance: 99 });
    // Every coin held.
    expect(at({ asked: 100 })).toEqual({ refusal: null, round: 1, coins: 100, balance: 0 });
    expect(at({ asked: 99_999_999, balance: 99_999_999 })).toMatchObject({ refusal: null, balance: 0 });
  });

  it('refuses coins that are not a whole number 1..99,999,999, before anything else', () => {
    for (const asked of [0, -1, 1.5, '30', null, undefined, 100_000_000, Number.NaN])
      expect(at({ asked, nowMs: T0 + 20 * H, balance: 0 })).toEqual({ refusal: 'badCoins' });
  });

  it('refuses outside every round, then more coins than held (naming the balance)', () => {
    expect(at({ nowMs: T0 - 1 })).toEqual({ refusal: 'noRound' });
    // The end of the last round is outside it.
    expect(at({ nowMs: T0 + 10 * H, balance: 0 })).toEqual({ refusal: 'noRound' });
    expect(at({ asked: 101 })).toEqual({ refusal: 'notEnoughCoins', params: { balance: 100 } });
    expect(at({ asked: 1, balance: 0 })).toEqual({ refusal: 'notEnoughCoins', params: { balance: 0 } });
  });

  it('never stakes more than held nor leaves a negative balance (seeded)', () => {
    const rng = xoroshiro128plus(42);
    for (let i = 0; i < 500; i++) {
      const balance = uniformInt(rng, 0, 1000);
      const asked = uniformInt(rng, 1, 1000);
      const decision = at({ asked, balance, nowMs: T0 + uniformInt(rng, 0, 10 * H - 1) });
      if (asked > balance) expect(decision).toEqual({ refusal: 'notEnoughCoins', params: { balance } });
      else expect(decision).toMatchObject({ refusal: null, coins: asked, balance: balance - asked });
    }
  });
});

describe('decideClaim', () => {
  // Rounds 0-5 h, 5-10 h; a share is claimed within 2 h of its round's end.
  const rounds = poolRounds(T0, T0 + 10 * H, T0 + 5 * H, 5);
  const held = { share: 600, claimed: false, expired: false };
  const at = (situation: Partial<ClaimSituation>) =>
    decideClaim({ rounds, claimHours: 2, nowMs: T0 + 6 * H, asked: 0, held, ...situation });

  it('pays a held share of a round within its claim time', () => {
    expect(at({})).toEqual({ refusal: null, round: 0, share: 600 });
    expect(at({ asked: 1, nowMs: T0 + 12 * H - 1 })).toEqual({ refusal: null, round: 1, share: 600 });
  });

  it('reads the round asked: a whole number from 0, nothing else', () => {
    expect([0, 3, -1, 1.5, '0', null].map(claimedRound)).toEqual([0, 3, null, null, null, null]);
  });

  it('refuses no round, no share or a share of 0, then a claimed share, then the time over or an expired share', () => {
    expect(at({ asked: 2 })).toEqual({ refusal: 'noShare' });
    expect(at({ asked: -1 })).toEqual({ refusal: 'noShare' });
    expect(at({ asked: '0' })).toEqual({ refusal: 'noShare' });
    expect(at({ held: null })).toEqual({ refusal: 'noShare' });
    expect(at({ held: { ...held, share: 0 } })).toEqual({ refusal: 'noShare' });
    expect(at({ held: { ...held, claimed: true, expired: true }, nowMs: T0 + 9 * H })).toEqual({
      refusal: 'claimed',
    });
    // The deadline (5 h + 2 h) itself is over.
    expect(at({ nowMs: T0 + 7 * H })).toEqual({ refusal: 'claimExpired' });
    expect(at({ nowMs: T0 + 7 * H - 1 })).toMatchObject({ refusal: null });
    expect(at({ held: { ...held, expired: true } })).toEqual({ refusal: 'claimExpired' });
  });
});
