import type { Kysely } from 'kysely';
import { createDb } from './createDb';
import type { Database, Role } from './tables';

export const TEST_TIME = new Date('2026-03-01T08:00:00.000Z');

export interface TestDb {
  db: Kysely<Database>;
  organisationId: string;
  projectId: string;
  /** The organisation's owner. */
  userId: string;
  /** Adds a user of the organisation (no password, no grants). */
  addUser(id: string, role?: Role): Promise<string>;
}

/**
 * An in-memory SQLite database made by the migrations, as the app's own, with one organisation
 * (`o1`), its owner (`u1`) and a project (`p1`): services are unit-tested over it without HTTP.
 */
export async function testDb(): Promise<TestDb> {
  const { db } = await createDb('sqlite::memory:');
  const time = TEST_TIME.toISOString();
  await db.insertInto('organisations').values({ id: 'o1', name: 'O', created_at: time }).execute();
  const addUser = async (id: string, role: Role = 'operator') => {
    await db
      .insertInto('users')
      .values({
        id,
        organisation_id: 'o1',
        name: id,
        email: `${id}@example.com`,
        password_hash: '',
        role,
        last_login_at: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
    return id;
  };
  await addUser('u1', 'owner');
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
  return { db, organisationId: 'o1', projectId: 'p1', userId: 'u1', addUser };
}
