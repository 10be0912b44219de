import { describe, expect, it } from 'vitest';
import { moveRow, nextPrizeId, prizesOf, rowsOf, thankYouShare, withKeysOf } from './prizeRows';

describe('prize table rows', () => {
  const prizes = [
    { id: 'a', odds: 20 },
    { id: 'b', odds: 30.25 },
    { id: 'thanks', isThank: true, odds: 1 },
  ];

  it('fills the thank-you prize with the remainder to two decimals (SPEC 4)', () => {
    expect(thankYouShare(prizes)).toEqual({ total: 50.25, share: 49.75, overflow: false });
    expect(prizesOf(rowsOf(prizes)).map((p) => p.odds)).toEqual([20, 30.25, 49.75]);
  });

  it('leaves the thank-you prize empty when the others pass 100%, so the schema reports it', () => {
    const over = [
      { id: 'a', odds: 80 },
      { id: 'b', odds: 30 },
      { id: 'thanks', isThank: true, odds: 5 },
    ];
    expect(thankYouShare(over)).toMatchObject({ share: null, overflow: true });
    expect(prizesOf(rowsOf(over))[2]).toEqual({ id: 'thanks', isThank: true });
  });

  it('without a thank-you prize keeps the odds as typed', () => {
    const plain = [
      { id: 'a', odds: 60 },
      { id: 'b', odds: 30 },
    ];
    expect(thankYouShare(plain)).toMatchObject({ share: null, overflow: false, total: 90 });
    expect(prizesOf(rowsOf(plain))).toEqual(plain);
  });

  it('moves rows, keeps their keys, and picks a free id', () => {
    const rows = rowsOf(prizes);
    const moved = moveRow(rows, rows[2].uid, rows[0].uid);
    expect(moved.map((r) => r.prize.id)).toEqual(['thanks', 'a', 'b']);
    expect(new Set(moved.map((r) => r.uid))).toEqual(new Set(rows.map((r) => r.uid)));
    expect(nextPrizeId(rowsOf([{ id: 'p2' }, { id: 'p3' }]))).toBe('p4');
    expect(nextPrizeId(rowsOf([{ id: 'x' }]))).toBe('p2');
    const refreshed = withKeysOf(
      rows,
      [...prizes, { id: 'c' }].map((p) => ({ ...p, unlimitedStock: false })),
    );
    expect(refreshed.slice(0, 3).map((r) => r.uid)).toEqual(rows.map((r) => r.uid));
    expect(refreshed[3].prize.id).toBe('c');
  });
});
