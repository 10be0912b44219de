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
 * The prizes to store: the thank-you prize filled with the remainder (to two decimals);
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

/** The rows with one row's prize changed by `patch`. */
export function patchRow(rows: readonly PrizeRow[], uid: string, patch: Partial<Prize>): PrizeRow[] {
  return rows.map((r) => (r.uid === uid ? { ...r, prize: { ...r.prize, ...patch } } : r));
}

/** The rows with `uid` the thank-you prize and no other (rows already right stay the same object). */
export function withThankYou(rows: readonly PrizeRow[], uid: string): PrizeRow[] {
  return rows.map((r) => {
    const isThank = r.uid === uid;
    if (Boolean(r.prize.isThank) === isThank) return r;
    return { ...r, prize: { ...r.prize, isThank } };
  });
}

/** One row moved `delta` places (-1 up, 1 down), or null when there is no row there. */
export function moveRowBy(rows: readonly PrizeRow[], uid: string, delta: number): PrizeRow[] | null {
  const at = rows.findIndex((r) => r.uid === uid);
  const target = rows[at + delta];
  return target ? moveRow(rows, uid, target.uid) : null;
}

/** The rows and a new, empty prize at the end with a fresh id. */
export function withNewPrize(rows: readonly PrizeRow[]): PrizeRow[] {
  return [
    ...rows,
    ...rowsOf([
      {
        id: nextPrizeId(rows),
        name: {},
        deliveryType: 'system',
        isThank: false,
        stock: 0,
        odds: 0,
      },
    ]),
  ];
}

/**
 * A typed number as stored: empty is no value, a number is a number, anything else stays text so
 * the engine's "must be a number" shows under the cell instead of the input being silently lost.
 */
export function asNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : (trimmed as unknown as number);
}
