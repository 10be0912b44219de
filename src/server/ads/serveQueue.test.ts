import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDayNumber } from '../../engine/rules/timeZone';
import { createDb } from '../db/createDb';
import type { Database } from '../db/tables';
import { KyselyServeWriter } from './kyselyServeWriter';
import { ServeQueue, type QueuedClick, type QueuedRequest } from './serveQueue';
import type { ServeWriter } from './serveRows';
import { WorkerServeWriter } from './workerServeWriter';
import './adsTables';

const T0 = Date.parse('2026-03-01T20:00:00.000Z');
const SHANGHAI_DAY = localDayNumber(T0, 'Asia/Shanghai');

// Rows carry the zone the serve knew (UTC here, from a cache); the project's is Shanghai: both
// writers must count the day in the project's zone at write time.
const request = (id: string, extra: Partial<QueuedRequest> = {}): QueuedRequest => ({
  id,
  projectId: 'p1',
  strategyId: 's1',
  urlId: 'u1',
  timeMs: T0,
  zone: 'UTC',
  domain: 'example.com',
  language: 'en',
  platform: 'ios',
  visitor: '0123456789abcdef',
  source: 'api',
  ...extra,
});
const click = (requestId: string, extra: Partial<QueuedClick> = {}): QueuedClick => ({
  requestId,
  projectId: 'p1',
  strategyId: 's1',
  urlId: 'u1',
  timeMs: T0,
  zone: 'UTC',
  domain: 'example.com',
  ...extra,
});

describe.each([
  ['through Kysely (PostgreSQL, in-memory SQLite)', 'kysely'],
  ['through the worker thread (an SQLite file)', 'worker'],
] as const)('ServeQueue %s', (_name, kind) => {
  let db: Kysely<Database>;
  let dir: string;
  let queue: ServeQueue;
  const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
  };

  const ids = async (table: 'ad_requests' | 'ad_clicks') =>
    table === 'ad_requests'
      ? (await db.selectFrom('ad_requests').select('id').orderBy('id').execute()).map((r) => r.id)
      : (await db.selectFrom('ad_clicks').select('request_id').orderBy('request_id').execute()).map(
          (r) => r.request_id,
        );

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'serve-queue-'));
    const handle = await createDb(kind === 'worker' ? `sqlite:${join(dir, 'test.db')}` : 'sqlite::memory:');
    db = handle.db;
    const time = new Date(T0).toISOString();
    await db.insertInto('organisations').values({ id: 'o1', name: 'O', created_at: time }).execute();
    await db
      .insertInto('projects')
      .values({
        id: 'p1',
        organisation_id: 'o1',
        name: 'P',
        domain_prefix: 'p',
        created_at: time,
        updated_at: time,
      })
      .execute();
    await db.updateTable('projects').set({ rollup_time_zone: 'Asia/Shanghai' }).execute();
    await db
      .insertInto('ads_strategies')
      .values({
        id: 's1',
        project_id: 'p1',
        name: 's1',
        config: '{}',
        number: 1,
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
    log.warn.mockClear();
    const inline = () => new KyselyServeWriter(db, log);
    const writer: ServeWriter =
      kind === 'worker' && handle.sqliteFile
        ? new WorkerServeWriter({ file: handle.sqliteFile, log, fallback: inline })
        : inline();
    queue = new ServeQueue({ writer, log, intervalMs: 60_000, batchSize: 4 });
  });
  afterEach(async () => {
    await queue.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes requests and clicks in batches, each once, on the local day of the project's zone", async () => {
    for (let i = 0; i < 6; i += 1) {
      queue.pushRequest(request(`r${i}`));
      queue.pushClick(click(`r${i}`));
    }
    queue.pushClick(click('r0'));
    expect(queue.unwrittenRequest('r3')?.id).toBe('r3');
    await queue.flush();
    expect(queue.size).toBe(0);
    expect(queue.unwrittenRequest('r3')).toBeUndefined();
    expect(await ids('ad_requests')).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
    expect(await ids('ad_clicks')).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
    const row = await db
      .selectFrom('ad_requests')
      .selectAll()
      .where('id', '=', 'r0')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      day: SHANGHAI_DAY,
      time: '2026-03-01T20:00:00.000Z',
      source: 'api',
      url_id: 'u1',
    });
    const clicked = await db
      .selectFrom('ad_clicks')
      .select('day')
      .where('request_id', '=', 'r5')
      .executeTakeFirstOrThrow();
    expect(clicked.day).toBe(SHANGHAI_DAY);
    // Again (a retried batch): nothing new, nothing refused.
    queue.pushRequest(request('r0'));
    queue.pushClick(click('r0'));
    await queue.flush();
    expect(await ids('ad_requests')).toHaveLength(6);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('a row that cannot be stored (its strategy deleted) is logged; the others are kept', async () => {
    queue.pushRequest(request('a'));
    queue.pushRequest(request('b', { strategyId: 'gone' }));
    queue.pushRequest(request('c', { urlId: null }));
    queue.pushClick(click('a'));
    queue.pushClick(click('b', { strategyId: 'gone' }));
    await queue.flush();
    expect(await ids('ad_requests')).toEqual(['a', 'c']);
    expect(await ids('ad_clicks')).toEqual(['a']);
    expect(log.warn).toHaveBeenCalled();
  });

  it('writes on its own when a batch is full, and what is left on close', async () => {
    for (let i = 0; i < 4; i += 1) queue.pushRequest(request(`f${i}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Taken without a flush or the timer (a minute away).
    expect(queue.size).toBe(0);
    await queue.flush();
    expect(await ids('ad_requests')).toHaveLength(4);
    queue.pushRequest(request('last'));
    await queue.close();
    expect(await ids('ad_requests')).toContain('last');
  });
});
