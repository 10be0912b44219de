import type { Kysely } from 'kysely';
import { localDayNumber } from '../../engine/rules/timeZone';
import type { Database } from '../db/tables';
import type { SdkEventRow } from './sdkTables';
import { placeholderRows, runBatchStatement } from './batchStatement';
import { restampDays } from './restampDays';
import { isPostgres } from './ingestEvents';
import { COUNT_COLUMNS, DEVICE_COLUMNS, DEVICE_DAY_COLUMNS, GAP_CAP, GAP_COLUMNS, gapOf } from './sdkRollups';

/** Raw events read per page, oldest first. */
const PAGE = 5000;
/** Rows per multi-row insert (11 columns x 250 stays far below both bind limits). */
const ROWS = 250;

/** The attributes a device or device-day keeps: the newest value wins, a null never erases one. */
interface Attributes {
  lastTime: string;
  platform: string;
  os: string | null;
  appVersion: string | null;
  country: string | null;
  language: string | null;
}

interface DeviceState extends Attributes {
  firstDay: number;
  lastDay: number;
  sdkVersion: string | null;
  userId: string | null;
  /** The last device-day written (days are written in order): the next one's previous day. */
  writtenDay: number | null;
  /** The first device-day written: its cohort. */
  cohortDay: number | null;
}

interface DayState extends Attributes {
  events: number;
}

/** The columns of a raw event the rebuild reads. */
const EVENT_FIELDS = [
  'event_id',
  'name',
  'category',
  'device_id',
  'user_id',
  'platform',
  'time',
  'sdk_version',
  'app_version',
  'os',
  'country',
  'language',
  'test_device',
] as const;

type EventRow = Pick<SdkEventRow, (typeof EVENT_FIELDS)[number]>;

/** A device's or device-day's attributes as its first event gives them (absorb fills the rest). */
function attributesOf(e: EventRow): Attributes {
  return {
    lastTime: e.time,
    platform: e.platform,
    os: null,
    appVersion: null,
    country: null,
    language: null,
  };
}

function absorb(target: Attributes, e: EventRow): void {
  // Events come oldest first: each is newer than what the target holds.
  target.lastTime = e.time;
  target.platform = e.platform;
  target.os = e.os ?? target.os;
  target.appVersion = e.app_version ?? target.appVersion;
  target.country = e.country ?? target.country;
  target.language = e.language ?? target.language;
}

async function insertRows(
  trx: Kysely<Database>,
  name: string,
  table: keyof Database,
  columns: readonly string[],
  rows: unknown[][],
) {
  for (let i = 0; i < rows.length; i += ROWS) {
    const part = rows.slice(i, i + ROWS);
    await runBatchStatement(trx, name, part, (q, n) =>
      q.insertInto(table).values(placeholderRows(columns, n) as never),
    );
  }
}

/** The recount so far: every device seen, and the local days not yet written with their rows. */
interface Recount {
  projectId: string;
  devices: Map<string, DeviceState>;
  open: Map<number, { days: Map<string, DayState>; counts: Map<string, unknown[]> }>;
}

/** Adds one raw event, on its local `day`, to its device, its device-day and its day's counts. */
function countEvent(recount: Recount, e: EventRow, day: number): void {
  let device = recount.devices.get(e.device_id);
  if (!device) {
    device = {
      ...attributesOf(e),
      firstDay: day,
      lastDay: day,
      sdkVersion: null,
      userId: null,
      writtenDay: null,
      cohortDay: null,
    };
    recount.devices.set(e.device_id, device);
  }
  device.firstDay = Math.min(device.firstDay, day);
  device.lastDay = Math.max(device.lastDay, day);
  absorb(device, e);
  device.sdkVersion = e.sdk_version ?? device.sdkVersion;
  device.userId = e.user_id ?? device.userId;

  let entry = recount.open.get(day);
  if (!entry) recount.open.set(day, (entry = { days: new Map(), counts: new Map() }));
  let deviceDay = entry.days.get(e.device_id);
  if (!deviceDay) {
    deviceDay = { ...attributesOf(e), events: 0 };
    entry.days.set(e.device_id, deviceDay);
  }
  deviceDay.events += 1;
  absorb(deviceDay, e);
  const countKey = `${e.name}\u0000${e.platform}`;
  const test = Number(e.test_device) === 1 ? 1 : 0;
  const count = entry.counts.get(countKey);
  if (!count) entry.counts.set(countKey, [recount.projectId, day, e.name, e.platform, e.category, 1, test]);
  else {
    count[4] = e.category;
    count[5] = Number(count[5]) + 1;
    count[6] = Number(count[6]) + test;
  }
}

/** Writes the device-days, gap counters and event counts of the open days before `limit`. */
async function writeDaysBefore(trx: Kysely<Database>, recount: Recount, limit: number): Promise<void> {
  const { projectId, devices, open } = recount;
  const ready = [...open.keys()].filter((day) => day < limit).sort((a, b) => a - b);
  for (const day of ready) {
    const entry = open.get(day) as { days: Map<string, DayState>; counts: Map<string, unknown[]> };
    open.delete(day);
    const dayRows: unknown[][] = [];
    const gaps = new Map<number, number>();
    for (const [deviceId, d] of [...entry.days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const device = devices.get(deviceId) as DeviceState;
      const prev =
        device.writtenDay !== null && day - device.writtenDay <= GAP_CAP ? device.writtenDay : null;
      device.writtenDay = day;
      device.cohortDay ??= day;
      const gap = gapOf(day, prev);
      gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
      dayRows.push([
        projectId,
        deviceId,
        day,
        device.cohortDay,
        prev,
        d.events,
        d.platform,
        d.os,
        d.appVersion,
        d.country,
        d.language,
      ]);
    }
    await insertRows(trx, 'rebuildDeviceDays', 'sdk_device_days', DEVICE_DAY_COLUMNS, dayRows);
    await insertRows(
      trx,
      'rebuildGaps',
      'sdk_active_gaps',
      GAP_COLUMNS,
      [...gaps].sort(([a], [b]) => a - b).map(([gap, n]) => [projectId, day, gap, n]),
    );
    await insertRows(trx, 'rebuildCounts', 'sdk_event_counts', COUNT_COLUMNS, [...entry.counts.values()]);
  }
}

/** Writes the device rows, in device id order. */
async function writeDevices(trx: Kysely<Database>, recount: Recount): Promise<void> {
  const deviceRows = [...recount.devices]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([deviceId, d]) => [
      recount.projectId,
      deviceId,
      d.firstDay,
      d.lastDay,
      d.lastTime,
      d.platform,
      d.os,
      d.appVersion,
      d.sdkVersion,
      d.country,
      d.language,
      d.userId,
    ]);
  await insertRows(trx, 'rebuildDevices', 'sdk_devices', DEVICE_COLUMNS, deviceRows);
}

/** The project's raw events, oldest first (ties by event id), a page at a time. */
async function* eventPages(trx: Kysely<Database>, projectId: string): AsyncGenerator<EventRow[]> {
  let after: { time: string; eventId: string } | undefined;
  for (;;) {
    let query = trx.selectFrom('sdk_events').select(EVENT_FIELDS).where('project_id', '=', projectId);
    if (after) {
      const { time, eventId } = after;
      // `time >=` lets both databases seek the (project, time) index; the rest skips the page's
      // last instant already read.
      query = query
        .where('time', '>=', time)
        .where((eb) => eb.or([eb('time', '>', time), eb('event_id', '>', eventId)]));
    }
    const rows: EventRow[] = await query.orderBy('time').orderBy('event_id').limit(PAGE).execute();
    yield rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    after = { time: last.time, eventId: last.event_id };
  }
}

/**
 * Recounts a project's day columns in `zone`, inside the caller's transaction: locks the project
 * row (on PostgreSQL; ingests share-lock it, see `rollupTimeZone`), re-stamps `sdk_events.day`,
 * `turbo_events.day` and the ads tables' days day by day (one indexed update per local day),
 * empties the device, device-day, active-gap and daily-count rollups and counts them again in one pass over the raw
 * events, oldest first: each local day is written once no event of it can follow (two days
 * behind the newest day read, so a clock turned back at midnight cannot reopen it), with the same
 * rules as the ingest (first-seen cohort, previous active day within 31 days, gap counters, newest
 * attributes). Then records the zone as the project's `time_zone` and `rollup_time_zone`. SDK
 * versions have no days and stay.
 */
export async function rebuildRollups(trx: Kysely<Database>, projectId: string, zone: string): Promise<void> {
  let lock = trx.selectFrom('projects').select('id').where('id', '=', projectId);
  if (isPostgres(trx)) lock = lock.forUpdate();
  if (!(await lock.executeTakeFirst())) return;

  // The web-to-app events' days follow the zone too, and the ads income's.
  for (const table of ['sdk_events', 'turbo_events', 'ad_income'] as const)
    await restampDays(trx, table, projectId, zone);

  for (const table of ['sdk_active_gaps', 'sdk_device_days', 'sdk_devices', 'sdk_event_counts'] as const)
    await trx.deleteFrom(table).where('project_id', '=', projectId).execute();

  const recount: Recount = { projectId, devices: new Map(), open: new Map() };
  let newest = Number.NEGATIVE_INFINITY;
  for await (const rows of eventPages(trx, projectId)) {
    for (const e of rows) {
      const day = localDayNumber(Date.parse(e.time), zone);
      newest = Math.max(newest, day);
      countEvent(recount, e, day);
    }
    await writeDaysBefore(trx, recount, newest - 1);
  }
  await writeDaysBefore(trx, recount, Number.POSITIVE_INFINITY);
  await writeDevices(trx, recount);

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
