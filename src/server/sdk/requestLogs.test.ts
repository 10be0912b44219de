import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { dateRange } from '../links/dateRange';
import { requestLogPage } from './requestLogs';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('requestLogPage', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
    const call = (id: string, time: string, status: number, error: string | null = null) => ({
      id,
      project_id: 'p1',
      time,
      method: 'POST',
      path: '/api/sdk/v1/events',
      ip: '203.0.113.7',
      status,
      duration_ms: 3,
      request: '{}',
      response: null,
      error,
      headers: '{"x-access-key":"ab****yz"}',
    });
    await db
      .insertInto('api_request_logs')
      .values([
        call('r1', '2026-03-08T23:59:59.000Z', 200),
        call('r2', '2026-03-09T01:00:00.000Z', 200),
        call('r3', '2026-03-09T02:00:00.000Z', 401, 'accessKeyInvalid'),
        call('r4', '2026-03-10T00:00:00.000Z', 200),
      ])
      .execute();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const march9 = dateRange({ from: '2026-03-09', to: '2026-03-09' }, NOW, 10, 'UTC');
  const ids = (page: { items: { id: string }[] }) => page.items.map((r) => r.id);

  it('lists the calls of the range newest first, with the whole count', async () => {
    const page = await requestLogPage(db, 'p1', march9, {});
    expect(ids(page)).toEqual(['r3', 'r2']);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      status: 401,
      durationMs: 3,
      error: 'accessKeyInvalid',
      problem: null,
      headers: { 'x-access-key': 'ab****yz' },
    });
  });

  it('narrows to answered or refused calls and pages', async () => {
    expect(ids(await requestLogPage(db, 'p1', march9, { outcome: 'ok' }))).toEqual(['r2']);
    expect(ids(await requestLogPage(db, 'p1', march9, { outcome: 'error' }))).toEqual(['r3']);
    const second = await requestLogPage(db, 'p1', march9, { page: 2, pageSize: 1 });
    expect(second).toMatchObject({ total: 2, items: [{ id: 'r2' }] });
  });
});
