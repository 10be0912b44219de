import { normalizeOdds } from '../../../../engine/rules/rewardOdds';

/** A prize as the shared prize schema holds it (fields the table edits; the rest kept as is). */
export interface Prize {
  id?: string;
  name?: Record<string, string>;
  isThank?: boolean;
  odds?: number;
  stock?: number;
  unlimitedStock?: boolean;
  deliveryType?: string;
  [field: string]: unknown;
}

/** A table row: the prize plus a key that survives reordering and id edits. */
export interface PrizeRow {
  uid: string;
  prize: Prize;
}

let counter = 0;
export function rowsOf(prizes: unknown): PrizeRow[] {
  const list = Array.isArray(prizes) ? (prizes as Prize[]) : [];
  return list.map((prize) => ({ uid: `prize-row-${++counter}`, prize: prize ?? {} }));
}

/** New data for the rows, keeping the rows' keys by position (new positions get new keys). */
export function withKeysOf(rows: readonly PrizeRow[], prizes: unknown): PrizeRow[] {
  return rowsOf(prizes).map((row, i) => (rows[i] ? { uid: rows[i].uid, prize: row.prize } : row));
}

/** The thank-you prize's share when the others total under 100 (engine's rewardOdds), or null. */
export function thankYouShare(prizes: readonly Prize[]): {
  total: number;
  share: number | null;
  overflow: boolean;
} {
  const result = normalizeOdds(prizes.map((p) => ({ odds: p.isThank ? null : p.odds, isThank: p.isThank })));
  const thank = prizes.findIndex((p) => p.isThank === true);
  if (!result.ok) return { total: result.total, share: null, overflow: result.error === 'odds.overflow' };
  return {
    total: thank >= 0 ? 100 - result.odds[thank] : result.total,
    share: thank >= 0 ? result.odds[thank] : null,
    overflow: false,
  };
}

/**
 * The prizes to store: the thank-you prize filled with the remainder (SPEC 4, to two decimals);
 * when the others exceed 100% it is left empty so the schema's "at most 100%" rule reports it.
 */
export function prizesOf(rows: readonly PrizeRow[]): Prize[] {
  const prizes = rows.map((row) => row.prize);
  const thank = prizes.findIndex((p) => p.isThank === true);
  if (thank < 0) return prizes;
  const { share } = thankYouShare(prizes);
  const { odds: _old, ...rest } = prizes[thank];
  prizes[thank] = share === null ? rest : { ...rest, odds: share };
  return prizes;
}

/** A fresh id not used by any row (`p1`, `p2`, ...). */
export function nextPrizeId(rows: readonly PrizeRow[]): string {
  const used = new Set(rows.map((r) => r.prize.id));
  for (let n = rows.length + 1; ; n++) if (!used.has(`p${n}`)) return `p${n}`;
}

/** Moves one row to another row's place. */
export function moveRow(rows: readonly PrizeRow[], from: string, to: string): PrizeRow[] {
  const a = rows.findIndex((r) => r.uid === from);
  const b = rows.findIndex((r) => r.uid === to);
  if (a < 0 || b < 0 || a === b) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(a, 1);
  next.splice(b, 0, moved);
  return next;
}
