// @ts-check
// The thread that writes the redirector's clicks into an SQLite file (see workerClickWriter.ts).
// better-sqlite3 is synchronous: written on the server's thread, a batch of clicks held every
// redirect behind it. Here it has its own connection to the same file (WAL lets the server read
// meanwhile) and answers each batch with how many rows were stored.
//
// Plain JavaScript on purpose: a worker is started from a file, and this one must load the same
// way under tsx, vitest and a built server.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @type {{ file: string, sql: string, busyTimeoutMs: number }} */
const { file, sql, busyTimeoutMs } = workerData;
const port = parentPort;
if (!port) throw new Error('sqliteClickWriter.worker.mjs runs as a worker thread');

const db = new Database(file);
// The connection settings of configureSqlite (db/createDb.ts), which this file cannot import;
// the file is in WAL mode already.
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma(`busy_timeout = ${Number(busyTimeoutMs)}`);
const insert = db.prepare(sql);
const insertAll = db.transaction((/** @type {unknown[][]} */ rows) => {
  for (const row of rows) insert.run(row);
});

const BUSY_RETRIES = 3;

/** @param {unknown} error */
const isBusy = (error) => /** @type {{ code?: string }} */ (error)?.code?.startsWith('SQLITE_BUSY') ?? false;
/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/** @param {unknown[][]} rows */
function store(rows) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      insertAll(rows);
      return { stored: rows.length, lost: 0, errors: [] };
    } catch (error) {
      // Another connection held the write lock past busy_timeout: the batch is fine, try again.
      if (isBusy(error) && attempt < BUSY_RETRIES) continue;
      break;
    }
  }
  // One bad row (its link deleted meanwhile) must not lose the others: store them one by one.
  let stored = 0;
  /** @type {string[]} */
  const errors = [];
  for (const row of rows) {
    try {
      insert.run(row);
      stored += 1;
    } catch (error) {
      if (errors.length < 5) errors.push(`${String(row[0])}: ${messageOf(error)}`);
    }
  }
  return { stored, lost: rows.length - stored, errors };
}

port.on('message', (/** @type {{ seq: number, rows?: string, close?: true }} */ message) => {
  if (message.close) {
    db.close();
    port.postMessage({ seq: message.seq, closed: true });
    return;
  }
  port.postMessage({ seq: message.seq, ...store(JSON.parse(message.rows ?? '[]')) });
});
