import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import {
  askedPick,
  awardOrder,
  decidePredict,
  decideSettlement,
  pickTotals,
  qualifiers,
  settleBlocker,
  settlePrizes,
  type PickSituation,
  type PickSet,
  type PredictRules,
} from './predict';
import type { DrawPrize, DrawState } from './draw';

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
    // A tie on the last pick goes by participant id, whichever order the picks were read in.
    const tied = [
      set('a', { m1: 'home' }, '2026-01-01T10:00:00Z'),
      set('b', { m1: 'home' }, '2026-01-01T10:00:00Z'),
    ];
    expect(qualifiers('prediction', ['m1'], { m1: 'home' }, tied)).toEqual(['a', 'b']);
    expect(qualifiers('prediction', ['m1'], { m1: 'home' }, [...tied].reverse())).toEqual(['a', 'b']);
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

const RULES: PredictRules = {
  mode: 'prediction',
  method: 'each',
  closesAtMs: 1_000,
  matches: [
    { id: 'm1', options: [{ id: 'home' }, { id: 'away' }] },
    { id: 'm2', options: [{ id: 'yes' }, { id: 'no' }] },
  ],
};

describe('askedPick', () => {
  it('takes an option of a configured match and nothing else', () => {
    expect(askedPick(RULES, { matchId: 'm2', optionId: 'no', extra: 1 })).toEqual({
      matchId: 'm2',
      optionId: 'no',
    });
    // Another match's option, an unknown match, missing or non-text fields.
    expect(askedPick(RULES, { matchId: 'm1', optionId: 'yes' })).toBeNull();
    expect(askedPick(RULES, { matchId: 'm3', optionId: 'home' })).toBeNull();
    expect(askedPick(RULES, { matchId: 'm1' })).toBeNull();
    expect(askedPick(RULES, { optionId: 'home' })).toBeNull();
    expect(askedPick(RULES, { matchId: ['m1'], optionId: 'home' })).toBeNull();
    expect(askedPick(RULES, { matchId: 'm1', optionId: { id: 'home' } })).toBeNull();
    expect(askedPick(RULES, {})).toBeNull();
  });
});

describe('decidePredict', () => {
  const open: PickSituation = {
    rules: RULES,
    pick: { matchId: 'm1', optionId: 'home' },
    nowMs: 999,
    decided: false,
    settled: false,
    taken: false,
  };

  it('writes the pick while picks are open and the match is not picked yet', () => {
    expect(decidePredict(open)).toEqual({
      refusal: null,
      pick: { matchId: 'm1', optionId: 'home' },
      answersTotals: false,
    });
    // Voting answers the match's live totals with the pick.
    expect(decidePredict({ ...open, rules: { ...RULES, mode: 'voting' } })).toEqual({
      refusal: null,
      pick: { matchId: 'm1', optionId: 'home' },
      answersTotals: true,
    });
  });

  it('closes picks at the draw time, on the match result and once settled', () => {
    expect(decidePredict({ ...open, nowMs: 1_000 })).toEqual({ refusal: 'picksClosed' });
    expect(decidePredict({ ...open, nowMs: 5_000 })).toEqual({ refusal: 'picksClosed' });
    expect(decidePredict({ ...open, decided: true })).toEqual({ refusal: 'picksClosed' });
    expect(decidePredict({ ...open, settled: true })).toEqual({ refusal: 'picksClosed' });
    // Closed comes before taken: a participant who picked sees the picks closed.
    expect(decidePredict({ ...open, decided: true, taken: true })).toEqual({ refusal: 'picksClosed' });
  });

  it('keeps a pick final', () => {
    expect(decidePredict({ ...open, taken: true })).toEqual({ refusal: 'pickTaken' });
    expect(decidePredict({ ...open, taken: true, rules: { ...RULES, mode: 'voting' } })).toEqual({
      refusal: 'pickTaken',
    });
  });
});

describe('decideSettlement', () => {
  const results = { m1: 'home', m2: 'draw' };

  it('gives `each` to the right pickers, earliest last pick first', () => {
    expect(
      decideSettlement({ rules: RULES, matchIds: ['m1', 'm2'], results, sets: SETS }, () => {
        throw new Error('each draws nothing');
      }),
    ).toEqual({ qualified: ['p0', 'p2', 'p1'], order: ['p0', 'p2', 'p1'] });
  });

  it('draws the order of `draw` from the random source (seeded: exact)', () => {
    const rng = xoroshiro128plus(42);
    const decided = decideSettlement(
      { rules: { mode: 'prediction', method: 'draw' }, matchIds: ['m1', 'm2'], results, sets: SETS },
      (n) => uniformInt(rng, 0, n - 1),
    );
    expect(decided.qualified).toEqual(['p0', 'p2', 'p1']);
    // Fisher-Yates over the qualifiers: seed 42 draws 1 (i = 2 swaps with 1), then 1 (i = 1 stays).
    expect(decided.order).toEqual(['p0', 'p1', 'p2']);
    // A fixed source: i = 2 swaps with 0, i = 1 stays.
    const fixed = [0, 1];
    expect(
      decideSettlement(
        { rules: { mode: 'prediction', method: 'draw' }, matchIds: ['m1', 'm2'], results, sets: SETS },
        () => fixed.shift() as number,
      ).order,
    ).toEqual(['p1', 'p2', 'p0']);
  });

  it('qualifies every voter and nobody without picks', () => {
    expect(
      decideSettlement(
        { rules: { mode: 'voting', method: 'each' }, matchIds: ['m1'], results: {}, sets: SETS },
        () => 0,
      ).qualified,
    ).toEqual(['p4', 'p3', 'p0', 'p2', 'p1']);
    expect(decideSettlement({ rules: RULES, matchIds: ['m1', 'm2'], results, sets: [] }, () => 0)).toEqual({
      qualified: [],
      order: [],
    });
  });
});

describe('settlePrizes', () => {
  const prize = (id: string, fields: Partial<DrawPrize> = {}): DrawPrize => ({
    id,
    valueMicros: 0,
    stock: 1,
    ...fields,
  });
  const PRIZES = [
    prize('thanks', { isThank: true }),
    prize('gold', { isSuper: true, stock: 0 }),
    prize('vip', { userType: 'vip' }),
    prize('silver', { perUserMax: 1 }),
    prize('bronze', { unlimitedStock: true }),
  ];
  const state = (fields: Partial<DrawState> = {}): DrawState => ({
    issued: {},
    userWins: {},
    userSuperWins: 0,
    userType: null,
    budgetLeftMicros: null,
    ...fields,
  });

  it('lists the regular prizes in config order; stock is left to the write', () => {
    // gold's stock of 0 is no exclusion here: the conditional write finds it out.
    expect(settlePrizes(PRIZES, state({ userType: 'vip' }), new Set())).toEqual([
      'gold',
      'vip',
      'silver',
      'bronze',
    ]);
    expect(settlePrizes(PRIZES, state({ issued: { gold: 5, vip: 9 } }), new Set())).toEqual([
      'gold',
      'silver',
      'bronze',
    ]);
  });

  it('holds the per-user maximum, the user type and one super prize per participant', () => {
    expect(
      settlePrizes(
        PRIZES,
        state({ userType: 'basic', userWins: { silver: 1 }, userSuperWins: 1 }),
        new Set(),
      ),
    ).toEqual(['bronze']);
    expect(settlePrizes(PRIZES, state({ userWins: { silver: 0 } }), new Set())).toEqual([
      'gold',
      'silver',
      'bronze',
    ]);
  });

  it('skips the prizes exhausted in this settlement', () => {
    expect(settlePrizes(PRIZES, state({ userType: 'vip' }), new Set(['gold', 'silver']))).toEqual([
      'vip',
      'bronze',
    ]);
    expect(settlePrizes(PRIZES, state(), new Set(['gold', 'vip', 'silver', 'bronze']))).toEqual([]);
  });
});
