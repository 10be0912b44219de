// @ts-check
// The thread that writes the serve queue's batches into an SQLite file (see workerServeWriter.ts):
// SQLite's driver is synchronous, so the inserts (two rows and seven index entries per link-host
// serve) would otherwise take the request thread's CPU from the serves themselves.
//
// Each batch is one IMMEDIATE transaction (the write lock taken first): the zones the request
// thread counted the rows' days in are checked against the projects' rollup zones inside it, so a
// time zone change (whose re-stamping holds the same lock) is never missed; a batch counted in a
// zone that changed meanwhile is written nothing and answered with the zones, to be counted
// again. A row the tables refuse (its strategy deleted meanwhile) fails alone and is reported.
//
// Plain JavaScript on purpose: a worker is started from a file, and this one must load the same
// way under tsx, vitest and a built server.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SQLITE_INSERT_CLICK, SQLITE_INSERT_REQUEST } from './serveColumns.mjs';

/** @typedef {(string | number | null)[]} Row */
/**
 * @typedef {{ seq: number, requests: Row[], clicks: Row[], zones: [string, string][] }
 *   | { seq: number, close: true }} Message
 */

/** @type {{ file: string, busyTimeoutMs: number }} */
const { file, busyTimeoutMs } = workerData;
if (!parentPort) throw new Error('serveWriter.worker.mjs runs as a worker thread');
const port = parentPort;
const BUSY_RETRIES = 3;

const db = new Database(file);
// The connection settings of configureSqlite (db/createDb.ts), which this file cannot import;
// the file is in WAL mode already.
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma(`busy_timeout = ${Number(busyTimeoutMs)}`);

const zoneOf = db.prepare('select "rollup_time_zone" from "projects" where "id" = ?').pluck();
const insertRequest = db.prepare(SQLITE_INSERT_REQUEST);
const insertClick = db.prepare(SQLITE_INSERT_CLICK);

/** @param {unknown} error */
const isBusy = (error) => /** @type {{ code?: string }} */ (error)?.code?.startsWith('SQLITE_BUSY') ?? false;
/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * @param {{ requests: Row[], clicks: Row[], zones: [string, string][] }} batch
 * @returns {{ stale?: [string, string][], lost?: number, errors?: string[] }}
 */
function writeBatch(batch) {
  /** @type {[string, string][]} */
  const stale = [];
  for (const [projectId, zone] of batch.zones) {
    const current = zoneOf.get(projectId);
    // A project deleted meanwhile: its rows fail on their foreign key below.
    if (typeof current === 'string' && current !== zone) stale.push([projectId, current]);
  }
  if (stale.length > 0) return { stale };
  let lost = 0;
  /** @type {string[]} */
  const errors = [];
  for (const [statement, rows] of /** @type {const} */ ([
    [insertRequest, batch.requests],
    [insertClick, batch.clicks],
  ]))
    for (const row of rows) {
      try {
        statement.run(row);
      } catch (error) {
        if (isBusy(error)) throw error;
        lost += 1;
        if (errors.length < 5) errors.push(`${String(row[0])}: ${messageOf(error)}`);
      }
    }
  return lost > 0 ? { lost, errors } : {};
}

const write = db.transaction(writeBatch);

port.on('message', (/** @type {Message} */ message) => {
  if ('close' in message) {
    db.close();
    port.postMessage({ seq: message.seq });
    return;
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      port.postMessage({ seq: message.seq, ...write.immediate(message) });
      return;
    } catch (error) {
      // Another connection held the write lock past busy_timeout: try again, then give up.
      if (isBusy(error) && attempt < BUSY_RETRIES) continue;
      port.postMessage({
        seq: message.seq,
        lost: message.requests.length + message.clicks.length,
        errors: [messageOf(error)],
      });
      return;
    }
  }
});
