import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { localDayNumber } from '../../engine/rules/timeZone';
import type { Database } from '../db/tables';
import { chunks, placeholderRows, runBatchStatement, runBatchWrite } from './batchStatement';
import { updateRollups } from './sdkRollups';
import type { IngestEvent } from './validateSdkEvent';

/** What one ingest stored: the events newly inserted (the others were already there). */
export interface IngestResult {
  inserted: number;
  duplicates: number;
}

/** The columns of a stored SDK event, in insert order. */
export const EVENT_COLUMNS = [
  'project_id',
  'event_id',
  'name',
  'category',
  'device_id',
  'user_id',
  'platform',
  'time',
  'day',
  'data',
  'link_id',
  'activity_id',
  'source',
  'sdk_version',
  'app_version',
  'os',
  'os_version',
  'country',
  'language',
  'test_device',
  'received_at',
  'via',
] as const;

/**
 * Stores a batch of validated events with its rollups in one transaction: raw events (a repeated
 * event id is skipped, `ON CONFLICT DO NOTHING`), then for the newly inserted ones the device
 * first-seen rows, the device-day activity rows, the daily event counts and the SDK versions, all
 * as multi-row upserts in a fixed key order (so concurrent batches on PostgreSQL neither double
 * count nor deadlock). Events must be unique by id within the batch.
 */
export async function ingestEvents(
  db: Kysely<Database>,
  projectId: string,
  events: readonly IngestEvent[],
  receivedAt: string,
): Promise<IngestResult> {
  if (events.length === 0) return { inserted: 0, duplicates: 0 };
  const inserted = await db.transaction().execute((trx) => storeEvents(trx, projectId, events, receivedAt));
  return { inserted: inserted.size, duplicates: events.length - inserted.size };
}

/** True on PostgreSQL (row locks); SQLite has one writer at a time anyway. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The zone the project's day columns are counted in, read inside the caller's transaction. On
 * PostgreSQL the project row is share-locked until the transaction ends: a time zone change
 * (`rebuildRollups`, which locks the row for update) waits for the ingests under way and the
 * ingests after it wait for the rebuild, so no event is counted in two zones or missed.
 */
export async function rollupTimeZone(trx: Kysely<Database>, projectId: string): Promise<string> {
  let query = trx.selectFrom('projects').select('rollup_time_zone').where('id', '=', projectId);
  if (isPostgres(trx)) query = query.forShare();
  const row = await query.executeTakeFirst();
  // A project deleted meanwhile: the inserts below fail on its foreign key.
  return row?.rollup_time_zone ?? 'UTC';
}

/**
 * The work of `ingestEvents` inside the caller's transaction (the ingest queue puts several
 * batches in one). Sets each event's `day` to its local day in the project's zone. Answers the
 * ids newly inserted.
 */
export async function storeEvents(
  trx: Kysely<Database>,
  projectId: string,
  events: readonly IngestEvent[],
  receivedAt: string,
): Promise<Set<string>> {
  const insertedIds = new Set<string>();
  if (events.length === 0) return insertedIds;
  const zone = await rollupTimeZone(trx, projectId);
  for (const e of events) e.day = localDayNumber(Date.parse(e.time), zone);
  const sorted = [...events].sort((a, b) => (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
  const sqlite = !isPostgres(trx);
  for (const part of chunks(sorted)) {
    const rows = part.map((e) => [
      projectId,
      e.eventId,
      e.name,
      e.category,
      e.deviceId,
      e.userId,
      e.platform,
      e.time,
      e.day,
      e.data,
      e.linkId,
      e.activityId,
      e.source,
      e.sdkVersion,
      e.appVersion,
      e.os,
      e.osVersion,
      e.country,
      e.language,
      e.testDevice ? 1 : 0,
      receivedAt,
      e.via,
    ]);
    if (sqlite) {
      // Most chunks repeat no stored event, and RETURNING costs SQLite about a fifth of the insert
      // (3.5 of 16 µs an event): the chunk goes in without it and, when every row was new, they
      // all count. A chunk with a repeat is undone to the savepoint and inserted again below,
      // where RETURNING names the new rows. (On PostgreSQL the extra round trips would cost more.)
      await sql`savepoint sdk_events_chunk`.execute(trx);
      const added = await runBatchWrite(trx, 'sdkEventsNoReturning', rows, insertEventsBuilder);
      if (added !== rows.length) await sql`rollback to sdk_events_chunk`.execute(trx);
      await sql`release sdk_events_chunk`.execute(trx);
      if (added === rows.length) {
        for (const e of part) insertedIds.add(e.eventId);
        continue;
      }
    }
    const returned = await runBatchStatement<{ event_id: string }>(trx, 'sdkEvents', rows, (q, n) =>
      insertEventsBuilder(q, n).returning('event_id'),
    );
    for (const r of returned) insertedIds.add(r.event_id);
  }
  const fresh = sorted.filter((e) => insertedIds.has(e.eventId));
  if (fresh.length > 0) await updateRollups(trx, projectId, fresh);
  return insertedIds;
}

/** The sdk_events insert of `n` rows that skips an event id the project already has. */
const insertEventsBuilder = (q: Kysely<Database>, n: number) =>
  q
    .insertInto('sdk_events')
    .values(placeholderRows(EVENT_COLUMNS, n) as never)
    .onConflict((oc) => oc.columns(['project_id', 'event_id']).doNothing());
