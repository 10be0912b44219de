import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { AppError, errorMessage } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { hashPassword, verifyPassword } from './passwords';
import { normalizeEmail, userView } from './userView';
import { revokeUserSessions } from './sessions';

type Db = Kysely<Database>;

/**
 * The personal centre's answer: the user with their organisation, and the settings the console
 * follows (`privateCallbacks`: callback addresses may point inside the network).
 */
export async function meView(db: Db, userId: string, privateCallbacks: boolean) {
  const row = await db
    .selectFrom('users')
    .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
    .selectAll('users')
    .select(['organisations.name as organisation_name'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    user: { ...userView(row), organisation: { id: row.organisation_id, name: row.organisation_name } },
    settings: { privateCallbacks },
  };
}

const emailTaken = () =>
  new AppError('emailTaken', {
    errors: (lang) => [{ path: '/email', message: errorMessage('emailTaken', lang) }],
  });

/**
 * Changes a user's own name (trimmed) and e-mail (normalised); an e-mail another user has is
 * refused (emailTaken at /email), also when the database's unique index finds it first.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: { name: string; email: string },
  now: Date,
): Promise<void> {
  const email = normalizeEmail(input.email);
  const other = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (other) throw emailTaken();
  try {
    await db
      .updateTable('users')
      .set({ name: input.name.trim(), email, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Changes a user's own password after checking the old one (wrongPassword at /oldPassword) and
 * ends every other session of the user, all but `keepSessionId`, in the same transaction.
 */
export async function changePassword(
  db: Db,
  userId: string,
  input: { oldPassword: string; password: string },
  keepSessionId: string | undefined,
  now: Date,
): Promise<void> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.oldPassword, row.password_hash))) {
    throw new AppError('wrongPassword', {
      errors: (lang) => [{ path: '/oldPassword', message: errorMessage('wrongPassword', lang) }],
    });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .execute();
    await revokeUserSessions(trx, userId, now, keepSessionId);
  });
}
