import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { dateRange } from '../links/dateRange';
import { ingestEvents } from '../sdk/ingestEvents';
import type { IngestEvent } from '../sdk/validateSdkEvent';
import { latestEvents } from './eventLogs';

const NOW = new Date('2026-03-10T12:00:00.000Z');

function event(eventId: string, time: string, more: Partial<IngestEvent> = {}): IngestEvent {
  return {
    eventId,
    name: 'open',
    category: 'standard',
    deviceId: 'd1',
    userId: null,
    platform: 'ios',
    time,
    day: 0,
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

describe('latestEvents', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
    await ingestEvents(
      db,
      'p1',
      [
        event('e1', '2026-03-07T23:59:59.000Z'),
        event('e2', '2026-03-08T00:00:00.000Z', { data: '{"level":3}' }),
        event('e3', '2026-03-09T10:00:00.000Z', { name: 'level_up', category: 'custom', deviceId: 'd2' }),
        event('e4', '2026-03-09T11:00:00.000Z', { testDevice: true }),
        event('e5', '2026-03-10T00:00:00.000Z'),
      ],
      NOW.toISOString(),
    );
  });
  afterEach(async () => {
    await db.destroy();
  });

  const ids = (items: { eventId: string }[]) => items.map((e) => e.eventId);
  const march8to9 = dateRange({ from: '2026-03-08', to: '2026-03-09' }, NOW, 10, 'UTC');

  it('answers the events of the range, newest first, the latest N', async () => {
    expect(ids(await latestEvents(db, 'p1', march8to9, { limit: 100 }))).toEqual(['e4', 'e3', 'e2']);
    expect(ids(await latestEvents(db, 'p1', march8to9, { limit: 2 }))).toEqual(['e4', 'e3']);
  });

  it('narrows by category, name, device and test devices', async () => {
    expect(ids(await latestEvents(db, 'p1', march8to9, { limit: 100, category: 'custom' }))).toEqual(['e3']);
    expect(ids(await latestEvents(db, 'p1', march8to9, { limit: 100, name: ' open ' }))).toEqual([
      'e4',
      'e2',
    ]);
    expect(ids(await latestEvents(db, 'p1', march8to9, { limit: 100, deviceId: 'd2' }))).toEqual(['e3']);
    expect(ids(await latestEvents(db, 'p1', march8to9, { limit: 100, testOnly: true }))).toEqual(['e4']);
  });

  it('shows an event with its data parsed and its test flag', async () => {
    const all = await latestEvents(db, 'p1', march8to9, { limit: 100 });
    expect(all.find((e) => e.eventId === 'e2')).toMatchObject({
      data: { level: 3 },
      testDevice: false,
      platform: 'ios',
    });
    expect(all.find((e) => e.eventId === 'e4')).toMatchObject({ data: null, testDevice: true });
  });
});
