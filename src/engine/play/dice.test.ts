import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import classic from '../../../schemas/gameplays/dice/templates/classic.json';
import {
  cellPrize,
  decideRoll,
  diceRulesOf,
  move,
  rollValue,
  rollsLeft,
  taskGrant,
  tasksForEvent,
  type BoardPlace,
} from './dice';
import { chanceRules, countersAfter, type EntryCounters } from './chances';
import { playDay } from './playDay';

const rules = diceRulesOf({
  boardSize: 16,
  initialDice: 2,
  tasks: [
    { id: 'share', title: { 'en-US': 'Share' }, event: 'share', dice: 1, dailyLimit: 3 },
    { id: 'order', event: 'order_paid', dice: 2, dailyLimit: 0 },
  ],
  cells: [
    { index: 4, prizeId: 'coins' },
    { index: 15, prizeId: 'grand' },
    { index: 0, prizeId: 'never' },
    { index: 40, prizeId: 'off-board' },
  ],
  prizes: [{ id: 'coins' }, { id: 'grand', isThank: false }],
});

describe('diceRulesOf', () => {
  it('reads the board: prize cells on the board only, never the start', () => {
    expect(rules.cells).toEqual([
      { index: 4, prizeId: 'coins' },
      { index: 15, prizeId: 'grand' },
    ]);
    expect(cellPrize(rules, 4)).toBe('coins');
    expect(cellPrize(rules, 5)).toBeNull();
    expect(cellPrize(rules, 0)).toBeNull();
    expect(cellPrize(rules, 40)).toBeNull();
    expect(rules.tasks).toEqual([
      {
        id: 'share',
        title: { 'en-US': 'Share' },
        event: 'share',
        dice: 1,
        dailyLimit: 3,
        progressSource: 'server',
      },
      { id: 'order', title: {}, event: 'order_paid', dice: 2, dailyLimit: 0, progressSource: 'server' },
    ]);
    expect(rules.prizes).toEqual([
      { id: 'coins', isThank: false },
      { id: 'grand', isThank: false },
    ]);
  });

  it('reads the classic template', () => {
    const classicRules = diceRulesOf(classic as Record<string, unknown>);
    expect(classicRules.boardSize).toBe(16);
    expect(classicRules.initialDice).toBe(1);
    expect(classicRules.tasks.map((t) => [t.id, t.event, t.dice, t.dailyLimit])).toEqual([
      ['share', 'share', 1, 3],
      ['order', 'order_paid', 2, 1],
    ]);
    expect(classicRules.cells.map((c) => cellPrize(classicRules, c.index))).toEqual([
      'coins',
      'coupon',
      'grand',
    ]);
    expect(tasksForEvent(classicRules, 'order_paid').map((t) => t.id)).toEqual(['order']);
    expect(tasksForEvent(classicRules, 'nothing')).toEqual([]);
  });

  it('does not crash on a partial config', () => {
    expect(diceRulesOf({})).toEqual({ boardSize: 16, initialDice: 0, tasks: [], cells: [], prizes: [] });
    const odd = diceRulesOf({
      boardSize: 99,
      initialDice: -3,
      tasks: [
        null,
        'x',
        { id: 'a' },
        { id: 'b', event: 'e', dice: 500, dailyLimit: -1 },
        { id: 'b', event: 'f' },
      ],
      cells: [
        { index: 2.5, prizeId: 'p' },
        { index: 3 },
        { index: 39, prizeId: 'last' },
        { index: 39, prizeId: 'dup' },
      ],
      prizes: 'none',
    });
    expect(odd.boardSize).toBe(40);
    expect(odd.initialDice).toBe(0);
    expect(odd.tasks).toEqual([
      { id: 'b', title: {}, event: 'e', dice: 99, dailyLimit: 0, progressSource: 'server' },
    ]);
    expect(odd.cells).toEqual([{ index: 39, prizeId: 'last' }]);
    expect(odd.prizes).toEqual([]);
    expect(diceRulesOf({ boardSize: 3 }).boardSize).toBe(8);
    expect(diceRulesOf({ boardSize: '16' }).boardSize).toBe(16);
  });

  it('keeps only well-formed parts: string ids, events, titles and prize ids; cells in board order', () => {
    const read = diceRulesOf({
      boardSize: 12,
      tasks: [
        { id: 7, event: 'e' },
        { id: 'c', event: 7 },
        { id: 'd', event: 'e', title: 'Share' },
        { id: 'e', event: 'e', title: { 'en-US': 'Share', 'zh-CN': 3 }, dice: 2.5, dailyLimit: '4' },
        { id: 'f', event: 'e', title: null },
      ],
      cells: [
        { index: 11, prizeId: 'late' },
        { index: '3', prizeId: 'text-index' },
        { index: 12, prizeId: 'past-the-end' },
        { index: 5, prizeId: 5 },
        { index: 6, prizeId: '' },
        { index: 2, prizeId: 'early' },
      ],
      prizes: [
        { id: 'a', isThank: true },
        { id: '' },
        { id: 3 },
        { isThank: true },
        { id: 'b', isThank: 'yes' },
      ],
    });
    expect(read.tasks).toEqual([
      { id: 'd', title: {}, event: 'e', dice: 1, dailyLimit: 0, progressSource: 'server' },
      { id: 'e', title: { 'en-US': 'Share' }, event: 'e', dice: 1, dailyLimit: 0, progressSource: 'server' },
      { id: 'f', title: {}, event: 'e', dice: 1, dailyLimit: 0, progressSource: 'server' },
    ]);
    expect(read.cells).toEqual([
      { index: 2, prizeId: 'early' },
      { index: 11, prizeId: 'late' },
    ]);
    expect(read.prizes).toEqual([
      { id: 'a', isThank: true },
      { id: 'b', isThank: false },
    ]);
    expect(diceRulesOf({ cells: 'none', tasks: { id: 'x' } })).toMatchObject({ cells: [], tasks: [] });
  });
});

describe('rollValue', () => {
  it('maps 0..5 to the faces 1..6 and refuses anything else', () => {
    expect([0, 1, 2, 3, 4, 5].map(rollValue)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const bad of [-1, 6, 2.5, Number.NaN]) expect(() => rollValue(bad)).toThrow(RangeError);
    expect(() => rollValue(6)).toThrow('rollValue: expected an integer 0..5, got 6');
  });

  it('is uniform over 60,000 seeded draws (each face within 1 point of 16.67 %)', () => {
    const rng = xoroshiro128plus(7);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[rollValue(uniformInt(rng, 0, 5)) - 1] += 1;
    // Seeded, so exact. (One face's count has a standard deviation of about 91 around 10,000.)
    expect(counts).toEqual([10_109, 9_795, 10_134, 10_136, 9_892, 9_934]);
    for (const n of counts) expect(Math.abs(n / 60_000 - 1 / 6)).toBeLessThan(0.01);
  });
});

describe('move', () => {
  it('moves exactly for a seeded sequence of throws on a 16-cell board, counting laps', () => {
    const rng = xoroshiro128plus(42);
    let place = { position: 0, laps: 0 };
    const path: [number, number, number][] = [];
    for (let i = 0; i < 10; i++) {
      const thrown = rollValue(uniformInt(rng, 0, 5));
      const moved = move(place, thrown, 16);
      expect(moved.landed).toBe(moved.position);
      path.push([thrown, moved.position, moved.laps]);
      place = moved;
    }
    // Every step moves by the throw, modulo the board; the laps are the whole boards passed.
    let total = 0;
    for (const [thrown, position, laps] of path) {
      total += thrown;
      expect(position).toBe(total % 16);
      expect(laps).toBe(Math.floor(total / 16));
    }
    expect(path).toEqual([
      [2, 2, 0],
      [4, 6, 0],
      [6, 12, 0],
      [5, 1, 1],
      [3, 4, 1],
      [1, 5, 1],
      [5, 10, 1],
      [4, 14, 1],
      [4, 2, 2],
      [6, 8, 2],
    ]);
  });

  it('counts a lap when passing the start or landing on it, not before', () => {
    expect(move({ position: 14, laps: 0 }, 5, 16)).toEqual({ position: 3, laps: 1, lapsAdded: 1, landed: 3 });
    expect(move({ position: 14, laps: 0 }, 2, 16)).toEqual({ position: 0, laps: 1, lapsAdded: 1, landed: 0 });
    expect(move({ position: 14, laps: 1 }, 1, 16)).toEqual({
      position: 15,
      laps: 1,
      lapsAdded: 0,
      landed: 15,
    });
    expect(move({ position: 0, laps: 0 }, 6, 8)).toEqual({ position: 6, laps: 0, lapsAdded: 0, landed: 6 });
    expect(move({ position: 7, laps: 4 }, 1, 8)).toEqual({ position: 0, laps: 5, lapsAdded: 1, landed: 0 });
    // A place from a larger board is taken modulo the board.
    expect(move({ position: 20, laps: 0 }, 1, 16)).toEqual({ position: 5, laps: 0, lapsAdded: 0, landed: 5 });
  });
});

describe('rolls and task grants', () => {
  it('grants rolls per task within its daily limit; 0 is unlimited', () => {
    expect(taskGrant(rules, 'share', 0)).toBe(1);
    expect(taskGrant(rules, 'share', 2)).toBe(1);
    // At its daily limit, a task grants nothing.
    expect(taskGrant(rules, 'share', 3)).toBe(0);
    expect(taskGrant(rules, 'share', 4)).toBe(0);
    // Daily limit 0: unlimited.
    expect(taskGrant(rules, 'order', 0)).toBe(2);
    expect(taskGrant(rules, 'order', 500)).toBe(2);
    expect(taskGrant(rules, 'nope', 0)).toBe(0);
  });

  it('counts completions per local day of the campaign, so the limit resets at its midnight', () => {
    const zone = 'GMT+08:00';
    // 14:40Z to 17:00Z every 20 minutes: local midnight (16:00Z) falls in the middle.
    const start = Date.parse('2026-12-01T14:40:00Z');
    const perDay = new Map<string, number>();
    const granted: [string, number][] = [];
    for (let i = 0; i < 8; i++) {
      const day = playDay(start + i * 20 * 60_000, zone);
      const today = perDay.get(day) ?? 0;
      const grant = taskGrant(rules, 'share', today);
      if (grant > 0) perDay.set(day, today + 1);
      granted.push([day, grant]);
    }
    expect(granted).toEqual([
      ['2026-12-01', 1],
      ['2026-12-01', 1],
      ['2026-12-01', 1],
      ['2026-12-01', 0],
      ['2026-12-02', 1],
      ['2026-12-02', 1],
      ['2026-12-02', 1],
      ['2026-12-02', 0],
    ]);
  });

  it('counts rolls left from the initial dice, the granted and the used', () => {
    expect(rollsLeft(rules, { granted: 0, used: 0 })).toBe(2);
    expect(rollsLeft(rules, { granted: 3, used: 4 })).toBe(1);
    expect(rollsLeft(rules, { granted: 0, used: 9 })).toBe(0);
  });
});

describe('decideRoll: one roll decided from what was read', () => {
  const chances = chanceRules({ boardSize: 16, initialDice: 5 });
  const today = '2026-03-01';

  it('spends a die per roll, moves by the seeded throw and names the prize of the cell landed on, then refuses', () => {
    const rng = xoroshiro128plus(42);
    let counters: EntryCounters = {
      poolUsed: 0,
      dailyPeriod: null,
      dailyUsed: 0,
      granted: 0,
      actions: 0,
      wins: 0,
    };
    let place: BoardPlace = { position: 0, laps: 0 };
    const decided: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const decision = decideRoll(
        { rules, chances: { rules: chances, counters, today }, place, budget: null },
        uniformInt(rng, 0, 5),
      );
      if (decision.refusal !== null) {
        decided.push(decision.refusal);
        continue;
      }
      decided.push([
        decision.roll,
        decision.moved.position,
        decision.moved.laps,
        decision.prizeId,
        decision.spend.bucket,
      ]);
      counters = countersAfter(counters, decision.spend, decision.prizeId !== null);
      place = decision.moved;
    }
    // Seed 42 throws 2, 4, 6, 5, 3, ...: the fifth lands on cell 4 (coins) after a lap.
    expect(decided).toEqual([
      [2, 2, 0, null, 'pool'],
      [4, 6, 0, null, 'pool'],
      [6, 12, 0, null, 'pool'],
      [5, 1, 1, null, 'pool'],
      [3, 4, 1, 'coins', 'pool'],
      'noChances',
    ]);
    expect(counters).toMatchObject({ poolUsed: 5, actions: 5, wins: 1 });
  });

  it('refuses once the budget is spent, before looking at the dice; keeps the value drawn', () => {
    const none = { poolUsed: 5, dailyPeriod: null, dailyUsed: 0, granted: 0 };
    const situation = {
      rules,
      chances: { rules: chances, counters: none, today },
      place: { position: 14, laps: 0 },
    };
    expect(decideRoll({ ...situation, budget: null }, 0)).toEqual({ refusal: 'noChances' });
    expect(decideRoll({ ...situation, budget: { totalMicros: 1, spentMicros: 1 } }, 0)).toEqual({
      refusal: 'overBudget',
    });
    const granted = { ...situation.chances, counters: { ...none, granted: 1 } };
    expect(decideRoll({ ...situation, chances: granted, budget: null }, 0)).toMatchObject({
      refusal: null,
      randomValue: 0,
      roll: 1,
      moved: { position: 15, laps: 0 },
      prizeId: 'grand',
    });
    expect(() => decideRoll({ ...situation, chances: granted, budget: null }, 6)).toThrow(RangeError);
  });
});
