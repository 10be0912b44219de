import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { drawTable, drawTrigger, moneyToMicros, pickEntry, type DrawPrize, type DrawState } from './draw';

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
