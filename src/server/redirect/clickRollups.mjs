// @ts-check
// The link rollups a batch of clicks adds to (see docs/deep-links.md, "Link rollups"): per link,
// UTC quarter hour (`slot`, ms since the epoch / 900 000) and dimension, the human clicks and the
// robots' hits; the breakdowns per UTC day too (`platform:day`, ...); per link of all time in its
// `total` row (slot 0). Both click writers (the SQLite worker thread and Kysely) add them in the
// transaction that inserts the clicks, for the clicks that transaction inserted and no others.
// Plain JavaScript (typed by JSDoc) because the writer's worker thread reads it too.

/** A rollup slot is a UTC quarter hour: every zone's days and hours (offsets in quarter hours) are whole slots. */
export const SLOT_MS = 900_000;

/** The rollups' columns, in the order `clickRollups` gives their values. */
export const ROLLUP_COLUMNS = /** @type {const} */ ([
  'link_id',
  'dim',
  'slot',
  'dim_value',
  'clicks',
  'bots',
  'installs',
  'opens',
  'registrations',
]);

/** A rollup row's values, in `ROLLUP_COLUMNS` order. */
/** @typedef {[string, string, number, string, number, number, number, number, number]} RollupValues */

/**
 * Where a click came from: its `gc_src` parameter (the web SDK's banners and scripts), else
 * `other`; the same rule as `json_extract(params, '$.gc_src')` over the stored parameters.
 * @param {string | null} params JSON text of the click's query parameters
 * @returns {'banner' | 'script' | 'other'}
 */
export function clickSource(params) {
  if (!params) return 'other';
  try {
    const value = JSON.parse(params)?.gc_src;
    return value === 'banner' || value === 'script' ? value : 'other';
  } catch {
    return 'other';
  }
}

/** Quarter hours in a UTC day. */
export const SLOTS_PER_DAY = 96;

/**
 * The dimension of the per-UTC-day rows of a dimension: a range's whole UTC days are summed from
 * them, only its first and last part day from quarter hours.
 * @param {string} dim
 */
export const dayDim = (dim) => `${dim}:day`;

/**
 * Adds one to a count of a row of `sums` (keyed by link, dimension, slot and value).
 * @param {Map<string, RollupValues>} sums
 * @param {string} link
 * @param {string} dim
 * @param {number} slot
 * @param {string} value
 * @param {4 | 5 | 6 | 7 | 8} column
 */
function addOne(sums, link, dim, slot, value, column) {
  const key = `${link}\u0000${dim}\u0000${slot}\u0000${value}`;
  let row = sums.get(key);
  if (!row) {
    row = [link, dim, slot, value, 0, 0, 0, 0, 0];
    sums.set(key, row);
  }
  row[column] = /** @type {number} */ (row[column]) + 1;
}

/**
 * Adds one event to a rollup row of `sums`: the quarter hour's, and for a breakdown (platform,
 * channel, source) its UTC day's too (slot: the day's first quarter hour).
 * @param {Map<string, RollupValues>} sums
 * @param {string} link
 * @param {string} dim
 * @param {number} slot
 * @param {string} value
 * @param {4 | 5 | 6 | 7 | 8} column index in ROLLUP_COLUMNS of the count to add 1 to
 */
export function addToRollup(sums, link, dim, slot, value, column) {
  addOne(sums, link, dim, slot, value, column);
  if (dim !== 'all' && dim !== 'total')
    addOne(sums, link, dayDim(dim), slot - (slot % SLOTS_PER_DAY), value, column);
}

/**
 * Adds one event to the link's `all` row of its slot and to its `total` row (slot 0, all time).
 * @param {Map<string, RollupValues>} sums
 * @param {string} link
 * @param {number} slot
 * @param {4 | 5 | 6 | 7 | 8} column
 */
export function addToTotals(sums, link, slot, column) {
  addToRollup(sums, link, 'all', slot, '', column);
  addToRollup(sums, link, 'total', 0, '', column);
}

/** Indexes of the counts in a rollup row. */
export const AT_CLICKS = 4;
export const AT_BOTS = 5;

/**
 * The rollup rows of clicks (rows in CLICK_COLUMNS order, see clickBatch.mjs): per link and slot
 * `all` (human clicks and robots' hits) and for human clicks `platform`, `channel` and `source`;
 * per link `total`.
 * Rows come in key order, so concurrent writers upsert them in one order (no deadlock on
 * PostgreSQL).
 * @param {readonly (readonly (string | number | null)[])[]} clicks
 * @returns {RollupValues[]}
 */
export function clickRollups(clicks) {
  /** @type {Map<string, RollupValues>} */
  const sums = new Map();
  /** @type {Map<string | null, string>} */
  const sources = new Map();
  // Slots by the ISO time's minute: a batch's clicks share a few of them.
  /** @type {Map<string, number>} */
  const slots = new Map();
  for (const click of clicks) {
    const link = String(click[2]);
    const iso = String(click[3]);
    const minute = iso.slice(0, 16);
    let slot = slots.get(minute);
    if (slot === undefined) {
      slot = Math.floor(Date.parse(iso) / SLOT_MS);
      slots.set(minute, slot);
    }
    if (click[10]) {
      addToTotals(sums, link, slot, AT_BOTS);
      continue;
    }
    const params = /** @type {string | null} */ (click[17]);
    let source = sources.get(params);
    if (source === undefined) {
      source = clickSource(params);
      sources.set(params, source);
    }
    addToTotals(sums, link, slot, AT_CLICKS);
    addToRollup(sums, link, 'platform', slot, String(click[4]), AT_CLICKS);
    addToRollup(sums, link, 'channel', slot, String(click[13]), AT_CLICKS);
    addToRollup(sums, link, 'source', slot, source, AT_CLICKS);
  }
  return sortedRollups(sums);
}

/**
 * The rows of `sums` in key order (link, dimension, slot, value).
 * @param {Map<string, RollupValues>} sums
 */
export function sortedRollups(sums) {
  return [...sums.values()].sort(
    (a, b) =>
      (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) ||
      (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) ||
      a[2] - b[2] ||
      (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0),
  );
}

/**
 * The SQLite upsert of `n` rollup rows (the worker thread's; Kysely builds the same for the other
 * writers): counts are added to a row already there.
 * @param {number} n
 */
export function upsertRollupsSql(n) {
  const row = `(${ROLLUP_COLUMNS.map(() => '?').join(', ')})`;
  const add = ROLLUP_COLUMNS.slice(AT_CLICKS)
    .map((c) => `"${c}" = "link_rollups"."${c}" + excluded."${c}"`)
    .join(', ');
  return (
    `insert into "link_rollups" (${ROLLUP_COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${Array(n).fill(row).join(', ')} ` +
    `on conflict ("link_id", "dim", "slot", "dim_value") do update set ${add}`
  );
}
