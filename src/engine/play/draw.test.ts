import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import {
  decideDraw,
  drawTable,
  drawTrigger,
  moneyToMicros,
  pickEntry,
  type DrawPrize,
  type DrawSituation,
  type DrawState,
} from './draw';
import { chanceRules } from './chances';

const state = (over: Partial<DrawState> = {}): DrawState => ({
  issued: {},
  userWins: {},
  userSuperWins: 0,
  userType: null,
  budgetLeftMicros: null,
  ...over,
});
const prize = (id: string, over: Partial<DrawPrize> = {}): DrawPrize => ({
  id,
  valueMicros: 0,
  unlimitedStock: true,
  ...over,
});

const PRIZES = [
  prize('a', { odds: 12.34 }),
  prize('b', { odds: 0.01 }),
  prize('c', { odds: 50, unlimitedStock: false, stock: 3 }),
  prize('thanks', { isThank: true }),
];

describe('drawTable and pickEntry', () => {
  it('turns two-decimal odds into exact hundredths with the thank-you remainder', () => {
    const table = drawTable(PRIZES, state());
    expect(table.entries.map((e) => [e.prizeId, e.hundredths])).toEqual([
      ['a', 1234],
      ['b', 1],
      ['c', 5000],
      ['thanks', 3765],
    ]);
    expect(table.excluded).toEqual([]);
  });

  it('maps every r in 0..9999 to exactly as many draws of a prize as its hundredths', () => {
    const table = drawTable(PRIZES, state());
    const counts = new Map<string | null, number>();
    for (let r = 0; r < 10_000; r++) {
      const id = table.entries[pickEntry(table.entries, r)].prizeId;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const entry of table.entries) expect(counts.get(entry.prizeId)).toBe(entry.hundredths);
    expect(() => pickEntry(table.entries, 10_000)).toThrow(RangeError);
    expect(() => pickEntry(table.entries, 0.5)).toThrow(RangeError);
  });

  it('draws each prize at its odds over 200,000 seeded draws (within 5 standard deviations)', () => {
    const rng = xoroshiro128plus(20261123);
    const table = drawTable(PRIZES, state());
    const n = 200_000;
    const counts = new Array<number>(table.entries.length).fill(0);
    for (let i = 0; i < n; i++) counts[pickEntry(table.entries, uniformInt(rng, 0, 9999))]++;
    table.entries.forEach((entry, i) => {
      const p = entry.hundredths / 10_000;
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs(counts[i] - n * p)).toBeLessThanOrEqual(5 * sd + 1);
    });
  });

  it('moves an out-of-stock prize to the thank-you prize, so thank-you reaches 100% only when all are out', () => {
    const out = drawTable(PRIZES, state({ issued: { c: 3 } }));
    expect(out.entries.find((e) => e.prizeId === 'c')?.hundredths).toBe(0);
    expect(out.entries.find((e) => e.prizeId === 'thanks')?.hundredths).toBe(8765);
    expect(out.excluded).toEqual([{ prizeId: 'c', reason: 'outOfStock' }]);
    const limited = PRIZES.map((p) => (p.isThank ? p : { ...p, unlimitedStock: false, stock: 1 }));
    const allOut = drawTable(limited, state({ issued: { a: 1, b: 1, c: 1 } }));
    expect(allOut.entries.find((e) => e.prizeId === 'thanks')?.hundredths).toBe(10_000);
  });

  it('holds the per-user maximum (0 unlimited), user types, the super prize limit and the budget', () => {
    const prizes = [
      prize('max', { odds: 10, perUserMax: 2 }),
      prize('free', { odds: 10, perUserMax: 0 }),
      prize('vip', { odds: 10, userType: 'vip' }),
      prize('super', { odds: 10, isSuper: true }),
      prize('cash', { odds: 10, valueMicros: moneyToMicros(5) }),
      prize('thanks', { isThank: true }),
    ];
    const table = drawTable(
      prizes,
      state({
        userWins: { max: 2, free: 99 },
        userType: 'normal',
        userSuperWins: 1,
        budgetLeftMicros: moneyToMicros(4.99),
      }),
    );
    expect(table.excluded).toEqual([
      { prizeId: 'max', reason: 'userMax' },
      { prizeId: 'vip', reason: 'userType' },
      { prizeId: 'super', reason: 'superLimit' },
      { prizeId: 'cash', reason: 'overBudget' },
    ]);
    expect(table.entries.find((e) => e.prizeId === 'thanks')?.hundredths).toBe(9000);
    const vip = drawTable(prizes, state({ userType: 'vip', budgetLeftMicros: moneyToMicros(5) }));
    expect(vip.excluded).toEqual([]);
  });

  it('gives excluded odds to a "nothing" entry when there is no thank-you prize', () => {
    const table = drawTable(
      [prize('a', { odds: 60 }), prize('b', { odds: 40, unlimitedStock: false, stock: 0 })],
      state(),
    );
    expect(table.entries.map((e) => [e.prizeId, e.hundredths])).toEqual([
      ['a', 6000],
      ['b', 0],
      [null, 4000],
    ]);
  });
});

describe('drawTable over a campaign: limits hold draw after draw', () => {
  /** Draws n times with a seeded source, counting what is issued like the server does. */
  function run(prizes: DrawPrize[], n: number, seed: number, start: Partial<DrawState> = {}) {
    const rng = xoroshiro128plus(seed);
    const s = state(start);
    const wins: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const table = drawTable(prizes, s);
      const id = table.entries[pickEntry(table.entries, uniformInt(rng, 0, 9999))].prizeId ?? 'nothing';
      wins[id] = (wins[id] ?? 0) + 1;
      const won = prizes.find((p) => p.id === id);
      if (!won || won.isThank) continue;
      s.issued[id] = (s.issued[id] ?? 0) + 1;
      s.userWins[id] = (s.userWins[id] ?? 0) + 1;
      if (won.isSuper) s.userSuperWins++;
      if (s.budgetLeftMicros !== null) s.budgetLeftMicros -= won.valueMicros;
    }
    return { wins, state: s };
  }

  it('gives a limited prize exactly its stock, then its odds go to the thank-you prize', () => {
    const prizes = [
      prize('ten', { odds: 50, unlimitedStock: false, stock: 10 }),
      prize('thanks', { isThank: true }),
    ];
    const { wins, state: after } = run(prizes, 1000, 7);
    expect(wins.ten).toBe(10);
    expect(wins.thanks).toBe(990);
    expect(drawTable(prizes, after).entries.map((e) => e.hundredths)).toEqual([0, 10_000]);
  });

  it('stops at the budget: a 2.50 prize fits four times in 10.00', () => {
    const prizes = [
      prize('cash', { odds: 90, valueMicros: moneyToMicros(2.5) }),
      prize('thanks', { isThank: true }),
    ];
    const { wins, state: after } = run(prizes, 200, 11, { budgetLeftMicros: moneyToMicros(10) });
    expect(wins.cash).toBe(4);
    expect(after.budgetLeftMicros).toBe(0);
    expect(drawTable(prizes, after).excluded).toEqual([{ prizeId: 'cash', reason: 'overBudget' }]);
  });

  it('holds the per-user maximum and one super prize per participant', () => {
    const prizes = [
      prize('twice', { odds: 40, perUserMax: 2 }),
      prize('gold', { odds: 20, isSuper: true }),
      prize('silver', { odds: 20, isSuper: true }),
      prize('thanks', { isThank: true }),
    ];
    const { wins } = run(prizes, 300, 13);
    expect(wins.twice).toBe(2);
    expect((wins.gold ?? 0) + (wins.silver ?? 0)).toBe(1);
  });

  it('never gives a user-type prize to another type or to a participant of no type', () => {
    const prizes = [prize('vip', { odds: 100, userType: 'vip' })];
    expect(run(prizes, 100, 17).wins).toEqual({ nothing: 100 });
    expect(run(prizes, 100, 17, { userType: 'normal' }).wins).toEqual({ nothing: 100 });
    expect(run(prizes, 5, 17, { userType: 'vip' }).wins).toEqual({ vip: 5 });
  });

  it('leaves odds under 100% without a thank-you prize to "nothing", and draws nothing above 100%', () => {
    const under = drawTable([prize('a', { odds: 30 }), prize('b', { odds: 20.5 })], state());
    expect(under.entries.map((e) => [e.prizeId, e.hundredths])).toEqual([
      ['a', 3000],
      ['b', 2050],
      [null, 4950],
    ]);
    const over = drawTable([prize('a', { odds: 60 }), prize('b', { odds: 41 })], state());
    expect(over.entries.map((e) => [e.prizeId, e.hundredths])).toEqual([
      ['a', 0],
      ['b', 0],
      [null, 10_000],
    ]);
  });

  it('counts every r exactly also after exclusions', () => {
    const table = drawTable(PRIZES, state({ issued: { c: 3 }, userWins: {} }));
    const counts = new Map<string | null, number>();
    for (let r = 0; r < 10_000; r++) {
      const id = table.entries[pickEntry(table.entries, r)].prizeId;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ a: 1234, b: 1, thanks: 8765 });
  });
});

describe('drawTrigger and moneyToMicros', () => {
  it('draws on the button for -1 and by itself after N seconds otherwise', () => {
    expect(drawTrigger(-1)).toEqual({ kind: 'button' });
    expect(drawTrigger(undefined)).toEqual({ kind: 'button' });
    expect(drawTrigger(0)).toEqual({ kind: 'auto', afterSeconds: 0 });
    expect(drawTrigger(10)).toEqual({ kind: 'auto', afterSeconds: 10 });
  });

  it('keeps two-decimal money exact', () => {
    expect(moneyToMicros(0.1) + moneyToMicros(0.2)).toBe(moneyToMicros(0.3));
    expect(moneyToMicros(19.99)).toBe(19_990_000);
  });
});

describe('drawTable and pickEntry: edges', () => {
  it('never excludes the thank-you prize, whatever its stock', () => {
    const table = drawTable(
      [prize('a', { odds: 30 }), prize('thanks', { isThank: true, unlimitedStock: false, stock: 0 })],
      state(),
    );
    expect(table.excluded).toEqual([]);
    expect(table.entries).toEqual([
      { prizeId: 'a', hundredths: 3000, isThank: false },
      { prizeId: 'thanks', hundredths: 7000, isThank: true },
    ]);
  });

  it('excludes nothing for its value without a budget limit', () => {
    expect(drawTable([prize('a', { odds: 100, valueMicros: moneyToMicros(500) })], state()).excluded).toEqual(
      [],
    );
  });

  it('gives the thank-you prize all the odds when the others total over 100%', () => {
    const table = drawTable(
      [prize('a', { odds: 70 }), prize('b', { odds: 40 }), prize('t', { isThank: true })],
      state(),
    );
    expect(table.entries.map((e) => [e.prizeId, e.hundredths])).toEqual([
      ['a', 0],
      ['b', 0],
      ['t', 10_000],
    ]);
  });

  it('adds a "nothing" entry only when something is left to it, and marks it as thank-you', () => {
    expect(drawTable([prize('a', { odds: 60 }), prize('b', { odds: 40 })], state()).entries).toEqual([
      { prizeId: 'a', hundredths: 6000, isThank: false },
      { prizeId: 'b', hundredths: 4000, isThank: false },
    ]);
    expect(drawTable([prize('a', { odds: 60 })], state()).entries).toEqual([
      { prizeId: 'a', hundredths: 6000, isThank: false },
      { prizeId: null, hundredths: 4000, isThank: true },
    ]);
  });

  it('refuses an r outside 0..9999 or not whole, and odds that do not reach 100%', () => {
    const entries = drawTable([prize('a', { odds: 60 }), prize('t', { isThank: true })], state()).entries;
    for (const r of [-1, 10_000, 1.5])
      expect(() => pickEntry(entries, r)).toThrow(`r must be an integer in 0..9999, got ${r}`);
    expect(pickEntry(entries, 9_999)).toBe(1);
    const short = [{ prizeId: 'a', hundredths: 5000, isThank: false }];
    expect(() => pickEntry(short, 5_000)).toThrow(new RangeError('odds do not sum to 100%'));
  });

  it('draws on the button when no countdown is set (null)', () => {
    expect(drawTrigger(null)).toEqual({ kind: 'button' });
  });
});

describe('decideDraw: one draw decided from what was read', () => {
  const DAY = '2026-03-01';
  // a 0..1999, b 2000..4999, c 5000..5999, thanks 6000..9999.
  const FOUR = [
    prize('a', { odds: 20 }),
    prize('b', { odds: 30 }),
    prize('c', { odds: 10 }),
    prize('thanks', { isThank: true }),
  ];
  const counters = { poolUsed: 0, dailyPeriod: null, dailyUsed: 0, granted: 0 };
  const situation = (over: Partial<DrawSituation> = {}): DrawSituation => ({
    own: { rules: chanceRules({ chances: { dailyFree: 1, initialCount: 2 } }), counters, today: DAY },
    prizes: FOUR,
    state: state(),
    budget: null,
    ...over,
  });
  /** The prizes eight seeded draws pick (seed 31 gives 3616, 1838, 6722, 4751, 1659, 4175, 147, 7128). */
  const seeded = (s: DrawSituation) => {
    const rng = xoroshiro128plus(31);
    return Array.from({ length: 8 }, () => {
      const decision = decideDraw(s, uniformInt(rng, 0, 9999));
      return decision.refusal === null ? decision.picked.prizeId : decision.refusal;
    });
  };

  it('picks exactly the entry each seeded value falls on', () => {
    expect(seeded(situation())).toEqual(['b', 'a', 'thanks', 'b', 'a', 'b', 'a', 'thanks']);
  });

  it("gives an excluded prize's odds to the thank-you prize: the same values pick differently", () => {
    // a is at its per-user maximum: b 0..2999, c 3000..3999, thanks 4000..9999.
    const limited = situation({
      prizes: [prize('a', { odds: 20, perUserMax: 1 }), ...FOUR.slice(1)],
      state: state({ userWins: { a: 1 } }),
    });
    expect(seeded(limited)).toEqual(['c', 'b', 'thanks', 'thanks', 'b', 'thanks', 'b', 'thanks']);
    const decision = decideDraw(limited, 3999);
    expect(decision.refusal === null && decision.table.excluded).toEqual([
      { prizeId: 'a', reason: 'userMax' },
    ]);
  });

  it("spends today's free chance first, then the pool, and keeps the value drawn", () => {
    expect(decideDraw(situation(), 0)).toMatchObject({
      refusal: null,
      spend: { bucket: 'daily', today: DAY },
      fromParent: false,
      randomValue: 0,
      picked: { prizeId: 'a' },
    });
    const dailySpent = { ...counters, dailyPeriod: DAY, dailyUsed: 1 };
    const s = situation();
    expect(decideDraw({ ...s, own: { ...s.own, counters: dailySpent } }, 9999)).toMatchObject({
      spend: { bucket: 'pool', today: DAY },
      picked: { prizeId: 'thanks' },
    });
    // Yesterday's free chance does not count today.
    const yesterday = { ...dailySpent, dailyPeriod: '2026-02-28', poolUsed: 2 };
    expect(decideDraw({ ...s, own: { ...s.own, counters: yesterday } }, 1)).toMatchObject({
      spend: { bucket: 'daily', today: DAY },
    });
  });

  it('refuses once the budget is spent, before looking at chances; then without a chance left', () => {
    const none = { ...counters, dailyPeriod: DAY, dailyUsed: 1, poolUsed: 2 };
    const s = situation();
    const spentOut = { ...s, own: { ...s.own, counters: none } };
    expect(decideDraw(spentOut, 0)).toEqual({ refusal: 'noChances' });
    expect(decideDraw({ ...spentOut, budget: { totalMicros: 10, spentMicros: 10 } }, 0)).toEqual({
      refusal: 'overBudget',
    });
    expect(decideDraw(situation({ budget: { totalMicros: 10, spentMicros: 9 } }), 0)).toMatchObject({
      refusal: null,
    });
  });

  it("draws on the bound campaign's chances in its own local day, and refuses whom it never saw", () => {
    const parentChances = {
      rules: chanceRules({ chances: { initialCount: 1 } }),
      counters,
      today: '2026-03-02',
    };
    const spendsParent = { spendsParent: true, parentOnly: false, joined: true, chances: parentChances };
    expect(decideDraw(situation({ parent: spendsParent }), 5000)).toMatchObject({
      refusal: null,
      spend: { bucket: 'pool', today: '2026-03-02' },
      fromParent: true,
      picked: { prizeId: 'c' },
    });
    const parentSpent = { ...parentChances, counters: { ...counters, poolUsed: 1 } };
    expect(decideDraw(situation({ parent: { ...spendsParent, chances: parentSpent } }), 0)).toEqual({
      refusal: 'noChances',
    });
    // The bound campaign is gone (or spends no chances): nothing to spend.
    expect(decideDraw(situation({ parent: { ...spendsParent, chances: null } }), 0)).toEqual({
      refusal: 'noChances',
    });
    const parentOnly = { spendsParent: false, parentOnly: true, joined: false, chances: null };
    expect(decideDraw(situation({ parent: parentOnly }), 0)).toEqual({ refusal: 'parentOnly' });
    // A participant of the bound campaign draws on their own chances there.
    expect(decideDraw(situation({ parent: { ...parentOnly, joined: true } }), 0)).toMatchObject({
      spend: { bucket: 'daily', today: DAY },
      fromParent: false,
    });
  });
});
