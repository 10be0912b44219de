// @ts-check
// The rows the serve queue writes, in the column order both of its writers use: the Kysely
// writer (PostgreSQL, in-memory SQLite) and the worker thread of an SQLite file. Plain JavaScript
// because that thread loads it too (see serveWriter.worker.mjs).

/** `ad_requests` columns, in the order of a request's values. */
export const REQUEST_COLUMNS = /** @type {const} */ ([
  'id',
  'project_id',
  'strategy_id',
  'url_id',
  'day',
  'time',
  'domain',
  'language',
  'platform',
  'visitor',
  'source',
]);

/** `ad_clicks` columns, in the order of a click's values. */
export const CLICK_COLUMNS = /** @type {const} */ ([
  'request_id',
  'project_id',
  'strategy_id',
  'url_id',
  'day',
  'time',
  'domain',
]);

/** @param {readonly string[]} columns */
const placeholders = (columns) => columns.map(() => '?').join(', ');
/** @param {readonly string[]} columns */
const names = (columns) => columns.map((c) => `"${c}"`).join(', ');

/** One request row in SQLite's placeholder style; a request stored already is skipped. */
export const SQLITE_INSERT_REQUEST = `insert into "ad_requests" (${names(REQUEST_COLUMNS)}) values (${placeholders(REQUEST_COLUMNS)}) on conflict ("id") do nothing`;

/** One click row in SQLite's placeholder style; a request's click stored already is skipped. */
export const SQLITE_INSERT_CLICK = `insert into "ad_clicks" (${names(CLICK_COLUMNS)}) values (${placeholders(CLICK_COLUMNS)}) on conflict ("request_id") do nothing`;
