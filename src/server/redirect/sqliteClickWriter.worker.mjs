// @ts-check
// The thread that records the redirector's clicks in an SQLite file (see workerClickWriter.ts).
//
// Each batch from the request thread is first appended to the click journal, one row per batch
// in the same database: one small write, durable as soon as it is acknowledged (a crash or a
// restart loses nothing the queue handed over). The journal is then loaded into `clicks`, row by
// row with its indexes, in transactions that also delete what they loaded, so a click is loaded
// once even across a crash. Loading costs about ten times the append, so it waits while the
// request thread is busy: redirects keep the CPU during a burst and the journal absorbs it.
// It never lets more than `maxBacklog` clicks wait, and a `settle` request (an attribution report,
// a test) has everything handed over so far loaded before it is answered.
//
// Plain JavaScript on purpose: a worker is started from a file, and this one must load the same
// way under tsx, vitest and a built server.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SQLITE_INSERT_CLICK, decodeBatch } from './clickBatch.mjs';
import { clickRollups, upsertRollupsSql } from './clickRollups.mjs';

/** @typedef {import('./clickBatch.mjs').ClickBatch} ClickBatch */
/**
 * @typedef {{ seq: number, batch: ClickBatch, busy: number }
 *   | { seq: number, settle: true }
 *   | { seq: number, close: true }} Message
 */

/** @type {{ file: string, busyTimeoutMs: number, maxBacklog: number }} */
const { file, busyTimeoutMs, maxBacklog } = workerData;
if (!parentPort) throw new Error('sqliteClickWriter.worker.mjs runs as a worker thread');
const port = parentPort;

/** The request thread counts as busy above this share of its time (event loop utilisation). */
const BUSY_UTILIZATION = 0.5;
/** With no batch for this long, clicks have stopped coming: load. */
const QUIET_AFTER_MS = 1500;
/** Journal rows (batches of up to 500 clicks) per loading transaction. */
const RECORDS_PER_LOAD = 4;
/**
 * Journal rows per loading transaction while a backlog waits (more than BACKLOG_LOAD_FROM clicks):
 * each transaction writes every index page it touched once, and the fingerprint index is touched
 * at random, so fewer, bigger transactions write each page for more clicks. The write lock is
 * held longer (a few hundred milliseconds) only while redirects outrun loading anyway.
 */
const RECORDS_PER_BACKLOG_LOAD = 16;
const BACKLOG_LOAD_FROM = 50_000;
/** How often a waiting loader looks again when no batch arrives. */
const RECHECK_MS = 250;
const BUSY_RETRIES = 3;

const db = new Database(file);
// The connection settings of configureSqlite (db/createDb.ts), which this file cannot import;
// the file is in WAL mode already.
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma(`busy_timeout = ${Number(busyTimeoutMs)}`);
// The page cache of configureSqlite: the clicks' indexes are walked for every insert.
db.pragma('cache_size = -65536');
// The journal belongs to this writer (PostgreSQL and in-memory SQLite write clicks directly).
// AUTOINCREMENT: ids never come back after a load empties the table, so "every record up to id
// N" stays a true statement about what was handed over before N.
db.exec(`create table if not exists "click_journal" (
  "id" integer primary key autoincrement,
  "clicks" integer not null,
  "click_values" text not null,
  "numbers" blob not null
)`);

const append = db.prepare(
  'insert into "click_journal" ("clicks", "click_values", "numbers") values (?, ?, ?)',
);
const oldest = db.prepare(
  'select "id", "clicks", "click_values", "numbers" from "click_journal" order by "id" limit ?',
);
const remove = db.prepare('delete from "click_journal" where "id" <= ?');
const waitingClicks = db.prepare('select coalesce(sum("clicks"), 0) as "n" from "click_journal"').pluck();
const lastId = db.prepare('select coalesce(max("id"), 0) from "click_journal"').pluck();
const insert = db.prepare(SQLITE_INSERT_CLICK);
const upsertRollup = db.prepare(upsertRollupsSql(1));

/** @param {unknown} error */
const isBusy = (error) => /** @type {{ code?: string }} */ (error)?.code?.startsWith('SQLITE_BUSY') ?? false;
/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/** Clicks in the journal (also those a crash left there, loaded first). */
let backlog = Number(waitingClicks.get());
/** Event loop utilisation of the request thread over its last batch, and when it came. */
let busy = 0;
let busyAt = 0;
/** Settle and close requests: answered once no journal row up to `through` is left. */
/** @type {{ seq: number, through: number, close?: true }[]} */
let waiters = [];
/** The last warning sent, so a lasting problem is said once, not every RECHECK_MS. */
let warned = '';
/** Whether the backlog is past maxBacklog (said once per crossing). */
let overBound = false;
/** @type {NodeJS.Timeout | undefined} */
let recheck;

/**
 * Loads the oldest journal rows into `clicks`, adds the clicks it inserted to the link rollups
 * and deletes the journal rows, in one transaction. A click whose link was deleted meanwhile
 * fails alone (SQLite undoes only that statement); a click stored already is neither inserted
 * nor counted again.
 * @returns {{ through: number, lost: number, errors: string[] }}
 */
const loadOldest = db.transaction((/** @type {number} */ limit) => {
  const records = /** @type {{ id: number, clicks: number, click_values: string, numbers: Buffer }[]} */ (
    oldest.all(limit)
  );
  /** @type {import('./clickBatch.mjs').ClickValues[]} */
  const inserted = [];
  let lost = 0;
  /** @type {string[]} */
  const errors = [];
  for (const record of records) {
    let rows;
    try {
      // Copied into an aligned buffer: a Float64Array cannot start at any byte.
      const numbers = new Float64Array(new Uint8Array(record.numbers).buffer);
      rows = decodeBatch({ count: record.clicks, values: record.click_values, numbers });
    } catch (error) {
      // A record that cannot be read would hold up every later one: it goes, and says so.
      lost += record.clicks;
      errors.push(`journal record ${record.id}: ${messageOf(error)}`);
      continue;
    }
    for (const row of rows) {
      try {
        if (insert.run(row).changes > 0) inserted.push(row);
      } catch (error) {
        if (isBusy(error)) throw error;
        lost += 1;
        if (errors.length < 5) errors.push(`${String(row[0])}: ${messageOf(error)}`);
      }
    }
  }
  for (const rollup of clickRollups(inserted)) upsertRollup.run(rollup);
  const through = records.length ? records[records.length - 1].id : Infinity;
  if (records.length) remove.run(through);
  return { through, lost, errors };
});

function mayLoad() {
  if (backlog >= maxBacklog !== overBound) {
    overBound = !overBound;
    if (overBound) {
      warn(`${backlog} clicks wait in the click journal: loading them while redirects are busy`);
    }
  }
  if (waiters.length > 0 || overBound) return true;
  return busy < BUSY_UTILIZATION || Date.now() - busyAt > QUIET_AFTER_MS;
}

function answerWaiters(/** @type {number} */ through) {
  const done = waiters.filter((w) => w.through <= through);
  if (done.length === 0) return;
  waiters = waiters.filter((w) => w.through > through);
  for (const w of done) {
    if (w.close) db.close();
    port.postMessage({ seq: w.seq, settled: true });
  }
}

/** @param {string} warning */
function warn(warning) {
  if (warning !== warned) port.postMessage({ seq: 0, warning });
  warned = warning;
}

/** Loads while it may, a transaction at a time, letting batches in between. */
function pump() {
  if (!db.open) return;
  if (recheck) clearTimeout(recheck);
  recheck = undefined;
  if (backlog <= 0 && waiters.length === 0) return;
  if (!mayLoad()) {
    recheck = setTimeout(pump, RECHECK_MS);
    return;
  }
  let result;
  try {
    result = loadOldest.immediate(backlog > BACKLOG_LOAD_FROM ? RECORDS_PER_BACKLOG_LOAD : RECORDS_PER_LOAD);
  } catch (error) {
    // The write lock stayed taken past busy_timeout: the journal keeps the clicks; try later.
    warn(`click journal not loaded yet: ${messageOf(error)}`);
    recheck = setTimeout(pump, RECHECK_MS);
    return;
  }
  warned = '';
  // Clicks lost are the ones the table refused (their link is gone): said once per load.
  if (result.lost > 0) port.postMessage({ seq: 0, lost: result.lost, errors: result.errors });
  // An empty journal (through = Infinity) answers every waiter: another connection may have
  // loaded what this one journaled.
  backlog = result.through === Infinity ? 0 : Number(waitingClicks.get());
  answerWaiters(result.through);
  if (backlog > 0 || waiters.length > 0) setImmediate(pump);
}

/** @param {ClickBatch} batch */
function journal(batch) {
  const numbers = Buffer.from(batch.numbers.buffer, batch.numbers.byteOffset, batch.numbers.byteLength);
  for (let attempt = 0; ; attempt += 1) {
    try {
      append.run(batch.count, batch.values, numbers);
      backlog += batch.count;
      return { journaled: batch.count };
    } catch (error) {
      // Another connection held the write lock past busy_timeout: try again.
      if (isBusy(error) && attempt < BUSY_RETRIES) continue;
      return { lost: batch.count, errors: [messageOf(error)] };
    }
  }
}

port.on('message', (/** @type {Message} */ message) => {
  if ('batch' in message) {
    busy = message.busy;
    busyAt = Date.now();
    port.postMessage({ seq: message.seq, ...journal(message.batch) });
  } else {
    waiters.push({
      seq: message.seq,
      through: Number(lastId.get()),
      ...('close' in message ? { close: true } : {}),
    });
  }
  pump();
});
pump();
