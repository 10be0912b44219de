import type { Kysely } from 'kysely';
import { createDb } from './createDb';
import type { Database } from './tables';

/**
 * For unit tests of server logic without HTTP: an in-memory SQLite database brought up to date by
 * the migrations, holding one organisation (`o1`) and one project (`p1`) created at `time`.
 */
export async function projectTestDb(time = '2026-03-01T00:00:00.000Z'): Promise<Kysely<Database>> {
  const { db } = await createDb('sqlite::memory:');
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
  return db;
}
