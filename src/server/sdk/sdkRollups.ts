// The SDK event rollups the dashboards read instead of the raw events (see docs/sdk-and-analytics.md,
// "Ingestion"): what `storeEvents` upserts for the events it inserted, and the columns and gap rules
// `rebuildRollups` shares when it recounts them in another time zone.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { chunks, placeholderRows, runBatchStatement } from './batchStatement';
import type { IngestEvent } from './validateSdkEvent';

export const DEVICE_COLUMNS = [
  'project_id',
  'device_id',
  'first_day',
  'last_day',
  'last_time',
  'platform',
  'os',
  'app_version',
  'sdk_version',
  'country',
  'language',
  'user_id',
] as const;

export const DEVICE_DAY_COLUMNS = [
  'project_id',
  'device_id',
  'day',
  'cohort_day',
  'prev_day',
  'events',
  'platform',
  'os',
  'app_version',
  'country',
  'language',
] as const;

export const COUNT_COLUMNS = [
  'project_id',
  'day',
  'name',
  'platform',
  'category',
  'events',
  'test_events',
] as const;
export const GAP_COLUMNS = ['project_id', 'day', 'gap', 'devices'] as const;
const VERSION_COLUMNS = ['project_id', 'platform', 'sdk_version', 'events', 'last_time'] as const;

const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

// A newer value wins; a null never erases a known one.
const newer = (column: string, table: string) =>
  sql.raw(
    `case when excluded.last_time >= ${table}.last_time then coalesce(excluded.${column}, ${table}.${column}) else coalesce(${table}.${column}, excluded.${column}) end`,
  );

interface DeviceAgg {
  firstDay: number;
  lastDay: number;
  lastTime: string;
  latest: IngestEvent;
}

interface DeviceDayAgg {
  deviceId: string;
  day: number;
  events: number;
  latest: IngestEvent;
}

/** A batch's events summed per device, device-day, daily count key and SDK version. */
export interface BatchAggregates {
  devices: Map<string, DeviceAgg>;
  deviceDays: Map<string, DeviceDayAgg>;
  counts: Map<string, { e: IngestEvent; events: number; test: number }>;
  versions: Map<string, { platform: string; version: string; events: number; lastTime: string }>;
}

/**
 * Sums a batch's events: per device its first and last day and latest event, per device and day
 * the events and latest event, per day, name and platform the events and test events, per
 * platform and SDK version the events and last time. Keys sort in the upserts' order.
 */
export function aggregateBatch(fresh: IngestEvent[]): BatchAggregates {
  const devices = new Map<string, DeviceAgg>();
  const deviceDays = new Map<string, DeviceDayAgg>();
  const counts = new Map<string, { e: IngestEvent; events: number; test: number }>();
  const versions = new Map<string, { platform: string; version: string; events: number; lastTime: string }>();
  for (const e of fresh) {
    const d = devices.get(e.deviceId);
    if (!d) devices.set(e.deviceId, { firstDay: e.day, lastDay: e.day, lastTime: e.time, latest: e });
    else {
      if (e.day < d.firstDay) d.firstDay = e.day;
      if (e.day > d.lastDay) d.lastDay = e.day;
      if (e.time >= d.lastTime) {
        d.lastTime = e.time;
        d.latest = e;
      }
    }
    const ddKey = `${e.deviceId}\u0000${String(e.day).padStart(8, '0')}`;
    const dd = deviceDays.get(ddKey);
    if (!dd) deviceDays.set(ddKey, { deviceId: e.deviceId, day: e.day, events: 1, latest: e });
    else {
      dd.events += 1;
      if (e.time >= dd.latest.time) dd.latest = e;
    }
    const cKey = `${String(e.day).padStart(8, '0')}\u0000${e.name}\u0000${e.platform}`;
    const c = counts.get(cKey);
    if (!c) counts.set(cKey, { e, events: 1, test: e.testDevice ? 1 : 0 });
    else {
      c.events += 1;
      if (e.testDevice) c.test += 1;
    }
    if (e.sdkVersion) {
      const vKey = `${e.platform}\u0000${e.sdkVersion}`;
      const v = versions.get(vKey);
      if (!v)
        versions.set(vKey, { platform: e.platform, version: e.sdkVersion, events: 1, lastTime: e.time });
      else {
        v.events += 1;
        if (e.time > v.lastTime) v.lastTime = e.time;
      }
    }
  }

  return { devices, deviceDays, counts, versions };
}

/**
 * The rollups of events just inserted (not repeats), inside the ingest's transaction: device
 * first-seen rows, device-day activity rows with their previous active day and the gap counters,
 * daily event counts and SDK versions, as multi-row upserts in a fixed key order (so concurrent
 * batches on PostgreSQL neither double count nor deadlock).
 */
export async function updateRollups(
  trx: Kysely<Database>,
  projectId: string,
  fresh: IngestEvent[],
): Promise<void> {
  const { devices, deviceDays, counts, versions } = aggregateBatch(fresh);
  const cohorts = await upsertDevices(trx, projectId, devices);
  await upsertDeviceDays(trx, projectId, deviceDays, cohorts);
  // Counters last: their rows are the hottest, so their locks are held the shortest.
  await upsertEventCounts(trx, projectId, counts);
  await upsertVersions(trx, projectId, versions);
}

/**
 * Upserts the batch's devices and answers each one's first-seen day (its cohort); device-day
 * rows stored before a late event moved a device's first day join the new cohort.
 */
async function upsertDevices(
  trx: Kysely<Database>,
  projectId: string,
  devices: BatchAggregates['devices'],
): Promise<Map<string, number>> {
  // Device first-seen: the earliest day wins; prev_first_day (SET expressions read the row as it
  // was) tells whether a late event moved it.
  const cohorts = new Map<string, number>();
  const moved: { deviceId: string; cohort: number }[] = [];
  for (const part of chunks(byKey(devices))) {
    const rows = part.map(([deviceId, d]) => [
      projectId,
      deviceId,
      d.firstDay,
      d.lastDay,
      d.lastTime,
      d.latest.platform,
      d.latest.os,
      d.latest.appVersion,
      d.latest.sdkVersion,
      d.latest.country,
      d.latest.language,
      d.latest.userId,
    ]);
    const returned = await runBatchStatement<{
      device_id: string;
      first_day: number;
      prev_first_day: number | null;
    }>(trx, 'sdkDevices', rows, (q, n) =>
      q
        .insertInto('sdk_devices')
        .values(placeholderRows(DEVICE_COLUMNS, n) as never)
        .onConflict((oc) =>
          oc.columns(['project_id', 'device_id']).doUpdateSet({
            prev_first_day: sql.ref('sdk_devices.first_day'),
            first_day: sql`case when excluded.first_day < sdk_devices.first_day then excluded.first_day else sdk_devices.first_day end`,
            last_day: sql`case when excluded.last_day > sdk_devices.last_day then excluded.last_day else sdk_devices.last_day end`,
            platform: sql`case when excluded.last_time >= sdk_devices.last_time then excluded.platform else sdk_devices.platform end`,
            os: newer('os', 'sdk_devices'),
            app_version: newer('app_version', 'sdk_devices'),
            sdk_version: newer('sdk_version', 'sdk_devices'),
            country: newer('country', 'sdk_devices'),
            language: newer('language', 'sdk_devices'),
            user_id: newer('user_id', 'sdk_devices'),
            last_time: sql`case when excluded.last_time > sdk_devices.last_time then excluded.last_time else sdk_devices.last_time end`,
          } as never),
        )
        .returning(['device_id', 'first_day', 'prev_first_day']),
    );
    for (const r of returned) {
      const first = Number(r.first_day);
      cohorts.set(r.device_id, first);
      if (r.prev_first_day !== null && Number(r.prev_first_day) !== first)
        moved.push({ deviceId: r.device_id, cohort: first });
    }
  }

  // Rows stored before a late event moved the device's first day join the new cohort.
  for (const m of moved) {
    await trx
      .updateTable('sdk_device_days')
      .set({ cohort_day: m.cohort })
      .where('project_id', '=', projectId)
      .where('device_id', '=', m.deviceId)
      .execute();
  }

  return cohorts;
}

/**
 * Upserts the batch's device-days with their previous active day, re-links stored days a late
 * day slipped in before, and moves the gap counters accordingly.
 */
async function upsertDeviceDays(
  trx: Kysely<Database>,
  projectId: string,
  deviceDays: BatchAggregates['deviceDays'],
  cohorts: Map<string, number>,
): Promise<void> {
  const { prevDays, changed, gapDeltas } = await activityLinks(trx, projectId, deviceDays);
  for (const part of chunks(byKey(deviceDays))) {
    const rows = part.map(([key, dd]) => [
      projectId,
      dd.deviceId,
      dd.day,
      cohorts.get(dd.deviceId) ?? dd.day,
      prevDays.get(key) ?? null,
      dd.events,
      dd.latest.platform,
      dd.latest.os,
      dd.latest.appVersion,
      dd.latest.country,
      dd.latest.language,
    ]);
    await runBatchStatement(trx, 'sdkDeviceDays', rows, (q, n) =>
      q
        .insertInto('sdk_device_days')
        .values(placeholderRows(DEVICE_DAY_COLUMNS, n) as never)
        .onConflict((oc) =>
          oc.columns(['project_id', 'device_id', 'day']).doUpdateSet({
            events: sql`sdk_device_days.events + excluded.events`,
            cohort_day: sql.ref('excluded.cohort_day'),
            platform: sql.ref('excluded.platform'),
            os: sql`coalesce(excluded.os, sdk_device_days.os)`,
            app_version: sql`coalesce(excluded.app_version, sdk_device_days.app_version)`,
            country: sql`coalesce(excluded.country, sdk_device_days.country)`,
            language: sql`coalesce(excluded.language, sdk_device_days.language)`,
          } as never),
        ),
    );
  }
  // A late day slipped in before days already stored: their previous day is now the late one.
  for (const c of changed) {
    await trx
      .updateTable('sdk_device_days')
      .set({ prev_day: c.prevDay })
      .where('project_id', '=', projectId)
      .where('device_id', '=', c.deviceId)
      .where('day', '=', c.day)
      .execute();
  }
  const gapRows = byKey(gapDeltas).filter(([, delta]) => delta.devices !== 0);
  for (const part of chunks(gapRows)) {
    const rows = part.map(([, g]) => [projectId, g.day, g.gap, g.devices]);
    await runBatchStatement(trx, 'sdkActiveGaps', rows, (q, n) =>
      q
        .insertInto('sdk_active_gaps')
        .values(placeholderRows(GAP_COLUMNS, n) as never)
        .onConflict((oc) =>
          oc.columns(['project_id', 'day', 'gap']).doUpdateSet({
            devices: sql`sdk_active_gaps.devices + excluded.devices`,
          } as never),
        ),
    );
  }
}

/** Adds the batch's events and test events to the daily counts per name and platform. */
async function upsertEventCounts(
  trx: Kysely<Database>,
  projectId: string,
  counts: BatchAggregates['counts'],
): Promise<void> {
  for (const part of chunks(byKey(counts))) {
    const rows = part.map(([, c]) => [
      projectId,
      c.e.day,
      c.e.name,
      c.e.platform,
      c.e.category,
      c.events,
      c.test,
    ]);
    await runBatchStatement(trx, 'sdkEventCounts', rows, (q, n) =>
      q
        .insertInto('sdk_event_counts')
        .values(placeholderRows(COUNT_COLUMNS, n) as never)
        .onConflict((oc) =>
          oc.columns(['project_id', 'day', 'name', 'platform']).doUpdateSet({
            events: sql`sdk_event_counts.events + excluded.events`,
            test_events: sql`sdk_event_counts.test_events + excluded.test_events`,
            category: sql.ref('excluded.category'),
          } as never),
        ),
    );
  }
}

/** Adds the batch's events to the SDK versions seen, keeping each version's last time. */
async function upsertVersions(
  trx: Kysely<Database>,
  projectId: string,
  versions: BatchAggregates['versions'],
): Promise<void> {
  for (const part of chunks(byKey(versions))) {
    const rows = part.map(([, v]) => [projectId, v.platform, v.version, v.events, v.lastTime]);
    await runBatchStatement(trx, 'sdkVersions', rows, (q, n) =>
      q
        .insertInto('sdk_versions')
        .values(placeholderRows(VERSION_COLUMNS, n) as never)
        .onConflict((oc) =>
          oc.columns(['project_id', 'platform', 'sdk_version']).doUpdateSet({
            events: sql`sdk_versions.events + excluded.events`,
            last_time: sql`case when excluded.last_time > sdk_versions.last_time then excluded.last_time else sdk_versions.last_time end`,
          } as never),
        ),
    );
  }
}

/** Days a previous active day is looked for: past any window the dashboards use (30). */
export const GAP_CAP = 31;

/** The gap bucket of an active day: 0 = no active day in the 31 days before, else days since it. */
export function gapOf(day: number, prevDay: number | null): number {
  return prevDay === null ? 0 : day - prevDay;
}

/**
 * For the batch's device-days: the previous active day (within 31 days) of each new row, the
 * stored rows whose previous day changes because a late day slipped in before them, and the
 * resulting +/- changes of the `sdk_active_gaps` counters. The device upsert before this has
 * locked the batch's devices, so the rows read here are all there are (a concurrent batch of the
 * same device waits for this transaction).
 */
async function activityLinks(
  trx: Kysely<Database>,
  projectId: string,
  deviceDays: Map<string, DeviceDayAgg>,
) {
  const byDevice = new Map<string, number[]>();
  for (const dd of deviceDays.values()) {
    const list = byDevice.get(dd.deviceId) ?? [];
    list.push(dd.day);
    byDevice.set(dd.deviceId, list);
  }
  let minDay = Number.POSITIVE_INFINITY;
  let maxDay = Number.NEGATIVE_INFINITY;
  for (const dd of deviceDays.values()) {
    minDay = Math.min(minDay, dd.day);
    maxDay = Math.max(maxDay, dd.day);
  }
  const stored = new Map<string, Map<number, number | null>>();
  for (const part of chunks([...byDevice.keys()].sort(), 500)) {
    const rows = await trx
      .selectFrom('sdk_device_days')
      .select(['device_id', 'day', 'prev_day'])
      .where('project_id', '=', projectId)
      .where('device_id', 'in', part)
      .where('day', '>=', minDay - GAP_CAP)
      .where('day', '<=', maxDay + GAP_CAP)
      .execute();
    for (const r of rows) {
      const days = stored.get(r.device_id) ?? new Map<number, number | null>();
      days.set(Number(r.day), r.prev_day === null ? null : Number(r.prev_day));
      stored.set(r.device_id, days);
    }
  }
  const prevDays = new Map<string, number | null>();
  const changed: { deviceId: string; day: number; prevDay: number | null }[] = [];
  const gapDeltas = new Map<string, { day: number; gap: number; devices: number }>();
  const bump = (day: number, gap: number, by: number) => {
    const key = `${String(day).padStart(8, '0')}\u0000${String(gap).padStart(2, '0')}`;
    const entry = gapDeltas.get(key) ?? { day, gap, devices: 0 };
    entry.devices += by;
    gapDeltas.set(key, entry);
  };
  for (const [deviceId, batchDays] of byDevice) {
    const known = stored.get(deviceId) ?? new Map<number, number | null>();
    const fresh = batchDays.filter((d) => !known.has(d));
    if (fresh.length === 0) continue;
    const all = [...new Set([...known.keys(), ...fresh])].sort((a, b) => a - b);
    const prevOf = (day: number) => {
      let prev: number | null = null;
      for (const d of all) {
        if (d >= day) break;
        if (d >= day - GAP_CAP) prev = d;
      }
      return prev;
    };
    for (const day of fresh) {
      const prev = prevOf(day);
      prevDays.set(`${deviceId}\u0000${String(day).padStart(8, '0')}`, prev);
      bump(day, gapOf(day, prev), 1);
    }
    for (const [day, oldPrev] of known) {
      // Only days right after a new one can change (and their whole look-back was read).
      if (!fresh.some((d) => d < day && day <= d + GAP_CAP)) continue;
      const prev = prevOf(day);
      if (prev === oldPrev) continue;
      changed.push({ deviceId, day, prevDay: prev });
      bump(day, gapOf(day, oldPrev), -1);
      bump(day, gapOf(day, prev), 1);
    }
  }
  return { prevDays, changed, gapDeltas };
}
