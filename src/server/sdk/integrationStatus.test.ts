import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import {
  integrationStatus,
  integrationStatusOf,
  NO_DATA_DAYS,
  platformProgress,
  tallyIntegrationEvents,
} from './integrationStatus';

const DAY = 86_400_000;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const TODAY = Math.floor(NOW.getTime() / DAY);

describe('integrationStatusOf', () => {
  const base = {
    lastFailed: false,
    totalEvents: 5,
    testEvents: 0,
    lastDay: TODAY,
    today: TODAY,
    reasons: [],
  };

  it('takes the first rule that holds, in order', () => {
    expect(integrationStatusOf({ ...base, lastFailed: true, totalEvents: 0 })).toBe('failed');
    expect(integrationStatusOf({ ...base, totalEvents: 0, testEvents: 0, lastDay: null })).toBe(
      'notIntegrated',
    );
    expect(integrationStatusOf({ ...base, lastDay: TODAY - NO_DATA_DAYS - 1, testEvents: 5 })).toBe('noData');
    expect(integrationStatusOf({ ...base, testEvents: 5, reasons: ['missing:ios:install'] })).toBe(
      'inProgress',
    );
    expect(integrationStatusOf({ ...base, testEvents: 4, reasons: ['missing:ios:install'] })).toBe('partial');
    expect(integrationStatusOf(base)).toBe('complete');
  });

  it('still counts the last NO_DATA_DAYS days as recent', () => {
    expect(integrationStatusOf({ ...base, lastDay: TODAY - NO_DATA_DAYS })).toBe('complete');
  });
});

describe('tallyIntegrationEvents and platformProgress', () => {
  it('sums events per name over platforms, keys custom events apart, keeps the last day', () => {
    const { seen, platforms, customEvents } = tallyIntegrationEvents(
      [
        { name: 'open', platform: 'ios', category: 'standard', events: 3, test: 1, last: 100 },
        { name: 'open', platform: 'android', category: 'standard', events: '2', test: '0', last: '104' },
        { name: 'open', platform: 'web', category: 'custom', events: 7, test: 0, last: 90 },
      ],
      [{ type: 'install', platform: 'ios', n: 4, last: '2026-03-09T23:30:00.000Z' }],
      'Asia/Shanghai',
    );
    expect(seen.get('open')).toEqual({
      count: 5,
      test: 1,
      lastDay: 104,
      platforms: new Set(['ios', 'android']),
    });
    expect(seen.get('custom:open')?.count).toBe(7);
    expect(customEvents).toBe(7);
    // 23:30 UTC on the 9th is the 10th in Shanghai.
    expect(seen.get('install')?.lastDay).toBe(TODAY);
    expect(platforms.get('ios')).toEqual({ events: 7, names: new Set(['open', 'install']) });

    const { rows, reasons } = platformProgress(platforms);
    expect(rows).toEqual([
      { platform: 'ios', events: 7, missing: [] },
      { platform: 'android', events: 2, missing: ['install'] },
      { platform: 'web', events: 7, missing: ['open'] },
    ]);
    expect(reasons).toEqual(['missing:android:install', 'missing:web:open']);
  });
});

describe('integrationStatus over the database', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const count = (name: string, platform: string, events: number, test: number, day = TODAY) =>
    db
      .insertInto('sdk_event_counts')
      .values({ project_id: 'p1', day, name, platform, category: 'standard', events, test_events: test })
      .execute();

  it('goes notIntegrated -> inProgress -> partial -> complete as events come', async () => {
    expect((await integrationStatus(db, 'p1', NOW)).status).toBe('notIntegrated');
    await count('install', 'android', 1, 1);
    expect((await integrationStatus(db, 'p1', NOW)).status).toBe('inProgress');
    await count('install', 'android', 2, 0, TODAY - 1);
    const partial = await integrationStatus(db, 'p1', NOW);
    expect(partial).toMatchObject({ status: 'partial', reasons: ['missing:android:open'] });
    await count('launch', 'android', 1, 0);
    const complete = await integrationStatus(db, 'p1', NOW);
    expect(complete).toMatchObject({
      status: 'complete',
      reasons: [],
      platforms: [{ platform: 'android', events: 4 }],
    });
    expect(complete.events.find((e) => e.name === 'install')).toMatchObject({
      seen: true,
      count: 3,
      lastDate: '2026-03-10',
      platforms: ['android'],
    });
  });

  it('says failed when the last SDK call failed, whatever was received', async () => {
    await count('install', 'android', 1, 0);
    await count('open', 'android', 1, 0);
    await db
      .insertInto('api_request_logs')
      .values({
        id: 'r1',
        project_id: 'p1',
        time: NOW.toISOString(),
        method: 'POST',
        path: '/api/sdk/v1/events',
        ip: '127.0.0.1',
        status: 401,
        duration_ms: 1,
        request: null,
        response: null,
        error: null,
        headers: '{}',
      })
      .execute();
    const status = await integrationStatus(db, 'p1', NOW);
    expect(status).toMatchObject({ status: 'failed', lastRequest: { status: 401, outcome: 'error' } });
  });
});
