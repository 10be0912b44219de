import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { ingestEvents } from './ingestEvents';
import { rebuildRollups } from './rebuildRollups';
import { aggregateBatch } from './sdkRollups';
import type { IngestEvent } from './validateSdkEvent';

const DAY = 86_400_000;
const D0 = Date.UTC(2026, 2, 1) / DAY;

let serial = 0;
function event(deviceId: string, day: number, hour: number, more: Partial<IngestEvent> = {}): IngestEvent {
  serial += 1;
  return {
    eventId: `e${String(serial).padStart(4, '0')}`,
    name: 'open',
    category: 'standard',
    deviceId,
    userId: null,
    platform: deviceId.startsWith('w') ? 'web' : 'ios',
    time: new Date((D0 + day) * DAY + hour * 3_600_000).toISOString(),
    day: D0 + day,
    data: null,
    linkId: null,
    activityId: null,
    source: null,
    sdkVersion: null,
    appVersion: null,
    os: null,
    osVersion: null,
    country: null,
    language: null,
    testDevice: false,
    via: 'sdk',
    ...more,
  };
}

describe('aggregateBatch', () => {
  it('sums a batch per device, device-day, daily count and SDK version', () => {
    const batch = [
      event('a', 2, 10, { sdkVersion: '1.0.0' }),
      event('a', 0, 9, { name: 'install', testDevice: true }),
      event('a', 2, 11, { sdkVersion: '1.0.0', os: 'iOS' }),
      event('w', 2, 8, { sdkVersion: '2.0.0' }),
    ];
    const { devices, deviceDays, counts, versions } = aggregateBatch(batch);
    expect(devices.get('a')).toMatchObject({ firstDay: D0, lastDay: D0 + 2, latest: { os: 'iOS' } });
    expect([...deviceDays.values()].map((d) => [d.deviceId, d.day - D0, d.events])).toEqual([
      ['a', 2, 2],
      ['a', 0, 1],
      ['w', 2, 1],
    ]);
    expect([...counts.values()].map((c) => [c.e.name, c.e.platform, c.e.day - D0, c.events, c.test])).toEqual(
      [
        ['open', 'ios', 2, 2, 0],
        ['install', 'ios', 0, 1, 1],
        ['open', 'web', 2, 1, 0],
      ],
    );
    expect([...versions.values()]).toEqual([
      { platform: 'ios', version: '1.0.0', events: 2, lastTime: batch[2].time },
      { platform: 'web', version: '2.0.0', events: 1, lastTime: batch[3].time },
    ]);
  });
});

describe('rollups kept on ingest', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const n = (v: unknown) => Number(v);
  const orNull = (v: unknown) => (v === null ? null : Number(v));
  async function rollups() {
    const [devices, days, gaps, counts] = await Promise.all([
      db
        .selectFrom('sdk_devices')
        .select(['device_id', 'first_day', 'last_day', 'last_time'])
        .orderBy('device_id')
        .execute(),
      db
        .selectFrom('sdk_device_days')
        .select(['device_id', 'day', 'cohort_day', 'prev_day', 'events'])
        .orderBy('device_id')
        .orderBy('day')
        .execute(),
      db
        .selectFrom('sdk_active_gaps')
        .select(['day', 'gap', 'devices'])
        .where('devices', '!=', 0)
        .orderBy('day')
        .orderBy('gap')
        .execute(),
      db
        .selectFrom('sdk_event_counts')
        .select(['day', 'name', 'platform', 'events', 'test_events'])
        .orderBy('day')
        .orderBy('name')
        .orderBy('platform')
        .execute(),
    ]);
    return {
      devices: devices.map((d) => ({ ...d, first_day: n(d.first_day), last_day: n(d.last_day) })),
      days: days.map((d) => ({
        ...d,
        day: n(d.day),
        cohort_day: n(d.cohort_day),
        prev_day: orNull(d.prev_day),
        events: n(d.events),
      })),
      gaps: gaps.map((g) => ({ day: n(g.day), gap: n(g.gap), devices: n(g.devices) })),
      counts: counts.map((c) => ({
        ...c,
        day: n(c.day),
        events: n(c.events),
        test_events: n(c.test_events),
      })),
    };
  }

  it('links each active day to the previous one, and a late day re-links the days after it', async () => {
    await ingestEvents(db, 'p1', [event('a', 0, 9), event('a', 10, 9), event('a', 50, 9)], 'r');
    let { days } = await rollups();
    expect(days.map((d) => [d.day - D0, d.prev_day === null ? null : d.prev_day - D0])).toEqual([
      [0, null],
      [10, 0],
      [50, null], // more than 31 days after the previous one
    ]);
    // A late event on day 5 slips in between days 0 and 10.
    await ingestEvents(db, 'p1', [event('a', 5, 9)], 'r');
    const after = await rollups();
    days = after.days;
    const gaps = after.gaps;
    expect(days.map((d) => [d.day - D0, d.prev_day === null ? null : d.prev_day - D0])).toEqual([
      [0, null],
      [5, 0],
      [10, 5],
      [50, null],
    ]);
    expect(gaps.map((g) => [g.day - D0, g.gap, g.devices])).toEqual([
      [0, 0, 1],
      [5, 5, 1],
      [10, 5, 1],
      [50, 0, 1],
    ]);
  });

  it('moves a device to an earlier cohort when an older event arrives late', async () => {
    await ingestEvents(db, 'p1', [event('a', 3, 9), event('a', 4, 9)], 'r');
    await ingestEvents(db, 'p1', [event('a', 1, 9)], 'r');
    const { devices, days } = await rollups();
    expect(devices[0].first_day).toBe(D0 + 1);
    expect(days.map((d) => d.cohort_day)).toEqual([D0 + 1, D0 + 1, D0 + 1]);
  });

  it('counts a repeated event id once', async () => {
    const e = event('a', 0, 9);
    expect(await ingestEvents(db, 'p1', [e], 'r')).toEqual({ inserted: 1, duplicates: 0 });
    expect(await ingestEvents(db, 'p1', [{ ...e }], 'r')).toEqual({ inserted: 0, duplicates: 1 });
    expect((await rollups()).counts).toEqual([
      { day: D0, name: 'open', platform: 'ios', events: 1, test_events: 0 },
    ]);
  });

  it('a rebuild in the same zone counts what batches in any order counted', async () => {
    const events = [
      event('a', 0, 9, { name: 'install' }),
      event('a', 0, 10),
      event('a', 3, 23),
      event('b', 2, 1, { testDevice: true }),
      event('a', 40, 12),
      event('w', 1, 5),
      event('w', 33, 5),
      event('b', 1, 2),
      event('w', 20, 5),
      event('a', 36, 0),
    ];
    // Batches out of time order: later days first, then the early ones.
    await ingestEvents(db, 'p1', events.slice(4), 'r');
    await ingestEvents(db, 'p1', events.slice(2, 4), 'r');
    await ingestEvents(db, 'p1', events.slice(0, 2), 'r');
    const incremental = await rollups();
    await db.transaction().execute((trx) => rebuildRollups(trx, 'p1', 'UTC'));
    expect(await rollups()).toEqual(incremental);
    expect(incremental.counts.reduce((sum, c) => sum + c.events, 0)).toBe(events.length);
  });
});
