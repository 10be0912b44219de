import { describe, expect, it } from 'vitest';
import {
  asNumber,
  moveRow,
  moveRowBy,
  nextPrizeId,
  patchRow,
  prizesOf,
  rowsOf,
  thankYouShare,
  withKeysOf,
  withNewPrize,
  withThankYou,
} from './prizeRows';

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

  it('patches one row and leaves the others as they were', () => {
    const rows = rowsOf(prizes);
    const patched = patchRow(rows, rows[1].uid, { odds: 10, name: { 'en-US': 'Cup' } });
    expect(patched[1]).toEqual({ uid: rows[1].uid, prize: { id: 'b', odds: 10, name: { 'en-US': 'Cup' } } });
    expect(patched[0]).toBe(rows[0]);
    expect(patched[2]).toBe(rows[2]);
  });

  it('makes one row the thank-you prize and clears the flag of the one before', () => {
    const rows = rowsOf(prizes);
    const next = withThankYou(rows, rows[0].uid);
    expect(next.map((r) => Boolean(r.prize.isThank))).toEqual([true, false, false]);
    expect(next[1]).toBe(rows[1]);
    expect(withThankYou(next, next[0].uid).every((r, i) => r === next[i])).toBe(true);
  });

  it('moves a row one place up or down, and not past either end', () => {
    const rows = rowsOf(prizes);
    expect(moveRowBy(rows, rows[1].uid, -1)?.map((r) => r.prize.id)).toEqual(['b', 'a', 'thanks']);
    expect(moveRowBy(rows, rows[1].uid, 1)?.map((r) => r.prize.id)).toEqual(['a', 'thanks', 'b']);
    expect(moveRowBy(rows, rows[0].uid, -1)).toBeNull();
    expect(moveRowBy(rows, rows[2].uid, 1)).toBeNull();
  });

  it('adds an empty prize with a free id at the end', () => {
    const rows = rowsOf([{ id: 'p2' }]);
    const next = withNewPrize(rows);
    expect(next[0]).toBe(rows[0]);
    expect(next[1].prize).toEqual({
      id: 'p3',
      name: {},
      deliveryType: 'system',
      isThank: false,
      stock: 0,
      odds: 0,
    });
    expect(next[1].uid).not.toBe(rows[0].uid);
  });

  it('stores a typed number as a number, empty as none, and anything else as the text typed', () => {
    expect(asNumber(' 12.5 ')).toBe(12.5);
    expect(asNumber('  ')).toBeUndefined();
    expect(asNumber('12a')).toBe('12a');
    expect(asNumber('Infinity')).toBe('Infinity');
  });
});
