import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectTestDb } from '../db/projectTestDb';
import type { Database } from '../db/tables';
import { testClick } from '../../../tests/fixtures/clicks';
import { ClickBatchBuilder, type ClickBatch } from './clickRows';
import { KyselyClickWriter } from './clickWriters';

const T0 = Date.parse('2026-03-01T08:00:00.000Z');

function batch(...randoms: number[]): ClickBatch {
  const builder = new ClickBatchBuilder();
  for (const random of randoms) builder.add(testClick({ timeMs: T0, random }));
  return builder.take()!;
}

describe('KyselyClickWriter', () => {
  let db: Kysely<Database>;
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  const counts = async () => ({
    clicks: Number(
      (
        await db
          .selectFrom('clicks')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    total: (await db.selectFrom('link_rollups').select('clicks').where('dim', '=', 'total').execute()).map(
      (r) => Number(r.clicks),
    ),
  });

  beforeEach(async () => {
    db = await projectTestDb();
    const time = '2026-03-01T00:00:00.000Z';
    await db
      .insertInto('link_templates')
      .values({
        id: 't1',
        project_id: 'p1',
        name: 'T',
        config: '{}',
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
    await db
      .insertInto('links')
      .values({
        ...{ id: 'l1', project_id: 'p1', link_id: 'l1abcd', name: 'l1', template_id: 't1' },
        ...{ redirect_mode: 'template', config: '{}', created_by: null, created_at: time, updated_at: time },
      })
      .execute();
  });
  afterEach(async () => db.destroy());

  it('adds the clicks it inserts to the rollups, a click stored already not again', async () => {
    const writer = new KyselyClickWriter(db, log);
    await writer.write(batch(1, 2, 3));
    await writer.write(batch(3, 4));
    expect(await counts()).toEqual({ clicks: 4, total: [4] });
  });

  it('leaves neither clicks nor rollups when the rollups cannot be written', async () => {
    await sql`create trigger no_rollups before insert on link_rollups begin select raise(abort, 'no rollups'); end`.execute(
      db,
    );
    const writer = new KyselyClickWriter(db, log);
    await writer.write(batch(1, 2));
    expect(await counts()).toEqual({ clicks: 0, total: [] });
    await sql`drop trigger no_rollups`.execute(db);
    await writer.write(batch(1, 2));
    expect(await counts()).toEqual({ clicks: 2, total: [2] });
  });
});
