import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import {
  decideTransferAnswer,
  decideExchange,
  decideFragmentDraw,
  decideOffer,
  exchangeCost,
  missingFor,
  pickFragment,
  setsHeld,
  type TransferState,
} from './collect';
import { chanceRules, countersAfter, type EntryCounters } from './chances';

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
    // A source answering past its range still lands on a fragment: the last.
    expect(at(10_000)).toBe('d');
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
    // No count, or not a count of pieces: the full set.
    expect(exchangeCost(0, ids)).toEqual({ a: 1, b: 1, c: 1 });
    expect(exchangeCost(-2, ids)).toEqual({ a: 1, b: 1, c: 1 });
    expect(exchangeCost(1.5, ids)).toEqual({ a: 1, b: 1, c: 1 });
    expect(missingFor({ a: 2 }, exchangeCost(3, ids))).toEqual({ b: 1, c: 1 });
    expect(missingFor({ a: 1, b: 1 }, exchangeCost(2, ids))).toEqual({});
  });
});

describe('decideFragmentDraw: one draw decided from what was read', () => {
  const today = '2026-03-01';
  const fragments = [
    { id: 'a', odds: 15 },
    { id: 'b', odds: 25 },
    { id: 'c', odds: 60 },
  ];
  const rules = chanceRules({ chances: { initialCount: 3 } });

  it('spends a pooled chance per draw, gives the fragment the seeded value falls on, then refuses', () => {
    const rng = xoroshiro128plus(42);
    const drawn: number[] = [];
    const random = (n: number) => {
      const value = uniformInt(rng, 0, n - 1);
      drawn.push(value);
      return value;
    };
    let counters: EntryCounters = {
      poolUsed: 0,
      dailyPeriod: null,
      dailyUsed: 0,
      granted: 0,
      actions: 0,
      wins: 0,
    };
    const given: string[] = [];
    for (let i = 0; i < 3; i++) {
      const decision = decideFragmentDraw({ chances: { rules, counters, today }, fragments }, random);
      if (decision.refusal !== null) throw new Error(decision.refusal);
      expect(decision.spend).toEqual({ bucket: 'pool', today });
      given.push(decision.fragmentId);
      counters = countersAfter(counters, decision.spend, false);
    }
    // Weights in hundredths: a [0, 1500), b [1500, 4000), c [4000, 10 000).
    expect(drawn).toEqual([3605, 1225, 1535]);
    expect(given).toEqual(['b', 'a', 'b']);
    expect(decideFragmentDraw({ chances: { rules, counters, today }, fragments }, random)).toEqual({
      refusal: 'noChances',
    });
    // No chance spent, no value drawn.
    expect(drawn).toHaveLength(3);
  });

  it('refuses a collection whose fragments have no odds, after the chance check', () => {
    const counters = { poolUsed: 0, dailyPeriod: null, dailyUsed: 0, granted: 0 };
    const none = [{ id: 'a', odds: 0 }];
    expect(decideFragmentDraw({ chances: { rules, counters, today }, fragments: none }, () => 0)).toEqual({
      refusal: 'badFragment',
    });
    const spent = { ...counters, poolUsed: 3 };
    expect(
      decideFragmentDraw({ chances: { rules, counters: spent, today }, fragments: none }, () => 0),
    ).toEqual({
      refusal: 'noChances',
    });
  });
});

describe('decideExchange', () => {
  const fragmentIds = ['a', 'b', 'c'];
  it("costs the prize's pieces and answers the sets held before it", () => {
    expect(decideExchange({ prize: { fragmentCount: 2 }, fragmentIds, inventory: { a: 2, b: 1 } })).toEqual({
      refusal: null,
      cost: { a: 1, b: 1 },
      sets: 0,
    });
    expect(decideExchange({ prize: {}, fragmentIds, inventory: { a: 2, b: 3, c: 2 } })).toEqual({
      refusal: null,
      cost: { a: 1, b: 1, c: 1 },
      sets: 2,
    });
  });
  it('refuses an unknown prize first, then a missing piece', () => {
    expect(decideExchange({ prize: undefined, fragmentIds, inventory: {} })).toEqual({ refusal: 'badPrize' });
    expect(decideExchange({ prize: { fragmentCount: 3 }, fragmentIds, inventory: { a: 1, b: 1 } })).toEqual({
      refusal: 'notEnough',
    });
    expect(decideExchange({ prize: { fragmentCount: '2' }, fragmentIds, inventory: { a: 1, b: 1 } })).toEqual(
      {
        refusal: 'notEnough',
      },
    );
  });
});

describe('decideOffer and decideTransferAnswer: gifts and requests between friends', () => {
  const fragmentIds = ['a', 'b'];
  it('offers a known kind, a gift only when one is held', () => {
    expect(decideOffer({ kind: 'gift', fragmentId: 'a', fragmentIds, inventory: { a: 1 } })).toEqual({
      refusal: null,
      fragmentId: 'a',
    });
    expect(decideOffer({ kind: 'gift', fragmentId: 'b', fragmentIds, inventory: { a: 1 } })).toEqual({
      refusal: 'noFragment',
    });
    expect(decideOffer({ kind: 'ask', fragmentId: 'b', fragmentIds, inventory: {} })).toEqual({
      refusal: null,
      fragmentId: 'b',
    });
    expect(decideOffer({ kind: 'ask', fragmentId: 'z', fragmentIds, inventory: {} })).toEqual({
      refusal: 'badFragment',
    });
    expect(decideOffer({ kind: 'gift', fragmentId: undefined, fragmentIds, inventory: { a: 1 } })).toEqual({
      refusal: 'badFragment',
    });
  });

  it("answers another's open transfer, a request only with the fragment held", () => {
    const gift: TransferState = {
      state: 'open',
      fromParticipantId: 'ann',
      toParticipantId: null,
      fragmentId: 'a',
    };
    const ask: TransferState = {
      state: 'open',
      fromParticipantId: null,
      toParticipantId: 'ann',
      fragmentId: 'a',
    };
    const answer = (kind: 'gift' | 'ask', transfer: TransferState | undefined, who: string, inventory = {}) =>
      decideTransferAnswer({ kind, transfer, participantId: who, inventory });
    expect(answer('gift', gift, 'bob')).toEqual({ refusal: null });
    expect(answer('gift', gift, 'ann')).toEqual({ refusal: 'ownTransfer' });
    expect(answer('gift', { ...gift, state: 'done' }, 'bob')).toEqual({ refusal: 'transferGone' });
    expect(answer('gift', undefined, 'bob')).toEqual({ refusal: 'transferGone' });
    expect(answer('ask', ask, 'bob', { a: 1 })).toEqual({ refusal: null });
    expect(answer('ask', ask, 'bob', { b: 3 })).toEqual({ refusal: 'noFragment' });
    expect(answer('ask', ask, 'ann', { a: 1 })).toEqual({ refusal: 'ownTransfer' });
    expect(answer('ask', { ...ask, state: 'done' }, 'bob', {})).toEqual({ refusal: 'transferGone' });
  });
});
