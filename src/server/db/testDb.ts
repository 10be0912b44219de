import type { Kysely } from 'kysely';
import { AppError } from '../errors';
import { projectTestDb } from './projectTestDb';
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
 * `projectTestDb()` (an in-memory SQLite database made by the migrations, organisation `o1`,
 * project `p1`) with the organisation's owner `u1`, for services that record who acted.
 */
export async function testDb(): Promise<TestDb> {
  const time = TEST_TIME.toISOString();
  const db = await projectTestDb(time);
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
  return { db, organisationId: 'o1', projectId: 'p1', userId: 'u1', addUser };
}

/**
 * How a service call is refused: its error key and the paths of its validation errors (none when
 * it names none), or undefined when it goes through. An error that is not a refusal is thrown.
 */
export async function refusal(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { key: error.key, paths: error.options.errors?.('en-US').map((e) => e.path) };
  }
  return undefined;
}
