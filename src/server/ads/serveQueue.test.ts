import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../db/createDb';
import type { Database } from '../db/tables';
import { KyselyServeWriter } from './kyselyServeWriter';
import { QUARTER_MS, quarterOf } from './requestIds';
import { ServeQueue } from './serveQueue';
import './adsTables';

const T0 = Date.parse('2026-03-01T20:00:00.000Z');
const Q0 = quarterOf(T0);

describe('ServeQueue', () => {
  let db: Kysely<Database>;
  let queue: ServeQueue;
  const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
  };

  const rows = async () =>
    (
      await db
        .selectFrom('ad_serves')
        .select(['strategy_id', 'url_id', 'quarter', 'domain', 'requests', 'clicks'])
        .orderBy(['quarter', 'strategy_id', 'url_id', 'domain'])
        .execute()
    ).map((r) => ({ ...r, requests: Number(r.requests), clicks: Number(r.clicks) }));

  beforeEach(async () => {
    db = (await createDb('sqlite::memory:')).db;
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
    for (const id of ['s1', 's2'])
      await db
        .insertInto('ads_strategies')
        .values({
          id,
          project_id: 'p1',
          name: id,
          config: '{}',
          number: id === 's1' ? 1 : 2,
          created_by: null,
          created_at: time,
          updated_at: time,
        })
        .execute();
    log.warn.mockClear();
    queue = new ServeQueue({
      writer: new KyselyServeWriter(db, log),
      log,
      intervalMs: 60_000,
      maxCounters: 4,
    });
  });
  afterEach(async () => {
    await queue.close();
    await db.destroy();
  });

  it('counts serves per quarter hour, strategy, URL and domain, and adds batches to the stored counts', async () => {
    for (let i = 0; i < 5; i += 1) queue.count('p1', 's1', 'u1', T0 + i, 'example.com', 1);
    queue.count('p1', 's1', '', T0, 'example.com', 0);
    queue.count('p1', 's1', 'u1', T0 + QUARTER_MS, 'example.com', 0);
    expect(queue.size).toBe(3);
    await queue.flush();
    expect(queue.size).toBe(0);
    queue.count('p1', 's1', 'u1', T0 + 7, 'example.com', 0);
    await queue.flush();
    expect(await rows()).toEqual([
      { strategy_id: 's1', url_id: '', quarter: Q0, domain: 'example.com', requests: 1, clicks: 0 },
      { strategy_id: 's1', url_id: 'u1', quarter: Q0, domain: 'example.com', requests: 6, clicks: 5 },
      { strategy_id: 's1', url_id: 'u1', quarter: Q0 + 1, domain: 'example.com', requests: 1, clicks: 0 },
    ]);
  });

  it('writes at once when many counters wait (many domains), without waiting for the timer', async () => {
    for (let i = 0; i < 4; i += 1) queue.count('p1', 's1', 'u1', T0, `d${i}.example.com`, 0);
    await new Promise((resolve) => setImmediate(resolve));
    await queue.flush();
    expect((await rows()).map((r) => r.domain)).toEqual([
      'd0.example.com',
      'd1.example.com',
      'd2.example.com',
      'd3.example.com',
    ]);
  });

  it('keeps the counts of live strategies when one was deleted meanwhile, and logs the rest', async () => {
    queue.count('p1', 's1', 'u1', T0, 'example.com', 1);
    queue.count('p1', 's2', 'u2', T0, 'example.com', 1);
    await db.deleteFrom('ads_strategies').where('id', '=', 's2').execute();
    await queue.flush();
    expect((await rows()).map((r) => [r.strategy_id, r.requests])).toEqual([['s1', 1]]);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('two queues on one database add up, never overwrite', async () => {
    const other = new ServeQueue({ writer: new KyselyServeWriter(db, log), log, intervalMs: 60_000 });
    for (let i = 0; i < 3; i += 1) {
      queue.count('p1', 's1', 'u1', T0, 'example.com', 1);
      other.count('p1', 's1', 'u1', T0, 'example.com', 0);
    }
    await Promise.all([queue.flush(), other.flush()]);
    await other.close();
    expect(await rows()).toEqual([
      { strategy_id: 's1', url_id: 'u1', quarter: Q0, domain: 'example.com', requests: 6, clicks: 3 },
    ]);
  });
});
