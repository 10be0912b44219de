import { describe, expect, it } from 'vitest';
import { drawIndex, effectiveOdds, normalizeOdds } from './rewardOdds';

describe('reward odds', () => {
  it('gives the thank-you prize the remainder to two decimals', () => {
    expect(normalizeOdds([{ odds: 33.333 }, { odds: 20.1 }, { isThank: true }])).toEqual({
      ok: true,
      odds: [33.33, 20.1, 46.57],
      total: 100,
    });
    expect(normalizeOdds([{ odds: 100 }, { isThank: true, odds: 5 }])).toEqual({
      ok: true,
      odds: [100, 0],
      total: 100,
    });
  });
  it('needs exactly 100 without a thank-you prize, and never over 100', () => {
    expect(normalizeOdds([{ odds: 50 }, { odds: 50 }])).toEqual({ ok: true, odds: [50, 50], total: 100 });
    expect(normalizeOdds([{ odds: 50 }, { odds: 49.99 }])).toEqual({
      ok: false,
      error: 'odds.underflow',
      total: 99.99,
    });
    expect(normalizeOdds([{ odds: 60 }, { odds: 41 }, { isThank: true }])).toEqual({
      ok: false,
      error: 'odds.overflow',
      total: 101,
    });
  });
  it('moves the odds of out-of-stock prizes to the thank-you prize', () => {
    expect(effectiveOdds([{ odds: 30, stock: 0 }, { odds: 20, stock: 5 }, { isThank: true }])).toEqual({
      ok: true,
      odds: [0, 20, 80],
      total: 100,
    });
    expect(
      effectiveOdds([{ odds: 30, stock: 1 }, { isThank: true }]).ok &&
        effectiveOdds([{ odds: 30, stock: 1 }, { isThank: true }]),
    ).toMatchObject({ odds: [30, 70] });
  });
  it('draws by cumulative odds', () => {
    expect(drawIndex([30, 20, 50], 0)).toBe(0);
    expect(drawIndex([30, 20, 50], 0.3)).toBe(1);
    expect(drawIndex([30, 20, 50], 0.999)).toBe(2);
    expect(drawIndex([0, 100], 0)).toBe(1);
  });
  it('takes the remainder wherever the thank-you prize stands, and moves stock to it from there', () => {
    expect(normalizeOdds([{ isThank: true }, { odds: 30 }])).toEqual({
      ok: true,
      odds: [70, 30],
      total: 100,
    });
    expect(effectiveOdds([{ isThank: true }, { odds: 30, stock: 0 }, { odds: 20 }])).toEqual({
      ok: true,
      odds: [80, 0, 20],
      total: 100,
    });
  });
  it('moves no stock without a thank-you prize, and refuses odds over 100 before moving any', () => {
    expect(effectiveOdds([{ odds: 50, stock: 0 }, { odds: 50 }])).toEqual({
      ok: true,
      odds: [50, 50],
      total: 100,
    });
    expect(effectiveOdds([{ odds: 70, stock: 0 }, { odds: 40 }, { isThank: true }])).toEqual({
      ok: false,
      error: 'odds.overflow',
      total: 110,
    });
  });
  it('falls on the last prize when the odds leave a rounding gap at the top', () => {
    expect(drawIndex([33.33, 33.33, 33.33], 0.9999)).toBe(2);
    expect(drawIndex([30, 20], 0.9)).toBe(1);
  });
});
