import type { Kysely } from 'kysely';
import { localDayNumber, localDayStartMs } from '../../engine/rules/timeZone';
import type { Database } from '../db/tables';
import { isPostgres, updateRollups } from './ingestEvents';
import type { IngestEvent } from './validateSdkEvent';

/** Events replayed per rollup update (the ingest queue's largest group). */
const REPLAY_CHUNK = 5000;

/**
 * Recounts a project's day columns in `zone`, inside the caller's transaction: locks the project
 * row (on PostgreSQL; ingests share-lock it, see `rollupTimeZone`), re-stamps `sdk_events.day` day
 * by day (one indexed update per local day), empties the device, device-day, active-gap and
 * daily-count rollups and replays the raw events into them, oldest first, through the ingest's own
 * `updateRollups` (so figures are the ones a fresh ingest in that zone gives), then records the
 * zone as the project's `time_zone` and `rollup_time_zone`. SDK versions have no days and stay.
 */
export async function rebuildRollups(trx: Kysely<Database>, projectId: string, zone: string): Promise<void> {
  let lock = trx.selectFrom('projects').select('id').where('id', '=', projectId);
  if (isPostgres(trx)) lock = lock.forUpdate();
  if (!(await lock.executeTakeFirst())) return;

  const span = await trx
    .selectFrom('sdk_events')
    .select([(eb) => eb.fn.min('time').as('first'), (eb) => eb.fn.max('time').as('last')])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (span?.first && span.last) {
    const firstDay = localDayNumber(Date.parse(String(span.first)), zone);
    const lastDay = localDayNumber(Date.parse(String(span.last)), zone);
    for (let day = firstDay; day <= lastDay; day += 1) {
      await trx
        .updateTable('sdk_events')
        .set({ day })
        .where('project_id', '=', projectId)
        .where('time', '>=', new Date(localDayStartMs(day, zone)).toISOString())
        .where('time', '<', new Date(localDayStartMs(day + 1, zone)).toISOString())
        .where('day', '!=', day)
        .execute();
    }
  }

  for (const table of ['sdk_active_gaps', 'sdk_device_days', 'sdk_devices', 'sdk_event_counts'] as const)
    await trx.deleteFrom(table).where('project_id', '=', projectId).execute();

  // Keyset pages over the (project, time) index, oldest first: replayed days mostly come after the
  // ones already counted, which is the ingest's cheap path.
  let after: { time: string; eventId: string } | undefined;
  for (;;) {
    let query = trx
      .selectFrom('sdk_events')
      .select([
        'event_id',
        'name',
        'category',
        'device_id',
        'user_id',
        'platform',
        'time',
        'day',
        'sdk_version',
        'app_version',
        'os',
        'os_version',
        'country',
        'language',
        'test_device',
      ])
      .where('project_id', '=', projectId);
    if (after) {
      const { time, eventId } = after;
      query = query.where((eb) =>
        eb.or([eb('time', '>', time), eb.and([eb('time', '=', time), eb('event_id', '>', eventId)])]),
      );
    }
    const rows = await query.orderBy('time').orderBy('event_id').limit(REPLAY_CHUNK).execute();
    if (rows.length === 0) break;
    const events: IngestEvent[] = rows.map((r) => ({
      eventId: r.event_id,
      name: r.name,
      category: r.category === 'custom' ? 'custom' : 'standard',
      deviceId: r.device_id,
      userId: r.user_id,
      platform: r.platform,
      time: r.time,
      day: Number(r.day),
      data: null,
      linkId: null,
      activityId: null,
      source: null,
      sdkVersion: r.sdk_version,
      appVersion: r.app_version,
      os: r.os,
      osVersion: r.os_version,
      country: r.country,
      language: r.language,
      testDevice: Number(r.test_device) === 1,
    }));
    await updateRollups(trx, projectId, events, { versions: false });
    const last = rows[rows.length - 1];
    after = { time: last.time, eventId: last.event_id };
    if (rows.length < REPLAY_CHUNK) break;
  }

  await trx
    .updateTable('projects')
    .set({ time_zone: zone, rollup_time_zone: zone })
    .where('id', '=', projectId)
    .execute();
}

/**
 * Rebuilds the rollups of every project whose day columns are not counted in its time zone (the
 * projects m0006 moved to GMT+08:00, or a change interrupted before its rebuild), one transaction
 * per project. Safe with several servers starting at once: each re-reads the project under its lock.
 */
export async function rebuildStaleRollups(db: Kysely<Database>): Promise<number> {
  const stale = await db
    .selectFrom('projects')
    .select('id')
    .whereRef('time_zone', '!=', 'rollup_time_zone')
    .orderBy('id')
    .execute();
  let rebuilt = 0;
  for (const { id } of stale) {
    await db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('projects').select(['time_zone', 'rollup_time_zone']).where('id', '=', id);
      if (isPostgres(trx)) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row || row.time_zone === row.rollup_time_zone) return;
      await rebuildRollups(trx, id, row.time_zone);
      rebuilt += 1;
    });
  }
  return rebuilt;
}
