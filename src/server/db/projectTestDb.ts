import type { Kysely } from 'kysely';
import { createDb } from './createDb';
import type { Database } from './tables';

/** Adds a project of organisation `o1` (name and link prefix given) created at `time`. */
export async function addTestProject(
  db: Kysely<Database>,
  project: { id: string; name: string; prefix: string },
  time = '2026-03-01T00:00:00.000Z',
): Promise<void> {
  await db
    .insertInto('projects')
    .values({
      id: project.id,
      organisation_id: 'o1',
      name: project.name,
      domain_prefix: project.prefix,
      created_at: time,
      updated_at: time,
    })
    .execute();
}

/**
 * For unit tests of server logic without HTTP: an in-memory SQLite database brought up to date by
 * the migrations, holding one organisation (`o1`) and one project (`p1`) created at `time`; a
 * test of project isolation adds another with `addTestProject`.
 */
export async function projectTestDb(time = '2026-03-01T00:00:00.000Z'): Promise<Kysely<Database>> {
  const { db } = await createDb('sqlite::memory:');
  await db.insertInto('organisations').values({ id: 'o1', name: 'O', created_at: time }).execute();
  await addTestProject(db, { id: 'p1', name: 'P', prefix: 'p' }, time);
  return db;
}
