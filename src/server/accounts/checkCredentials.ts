import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/tables';
import { AppError } from '../errors';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { clearLoginFailures, lockMinutesLeft, recordLoginFailure } from './loginLockout';
import { normalizeEmail } from './userView';

/**
 * Checks an e-mail and password for login or token refresh, with the failed-login lock.
 * Throws `accountLocked` (429) or `failure` (400); never says which part was wrong.
 */
export async function checkCredentials(
  db: Kysely<Database>,
  rawEmail: string,
  password: string,
  now: Date,
  failure: 'invalidCredentials' | 'refreshCredentialsInvalid' = 'invalidCredentials',
): Promise<UserRow> {
  const email = normalizeEmail(rawEmail);
  const minutes = await lockMinutesLeft(db, email, now);
  if (minutes > 0) {
    throw new AppError('accountLocked', {
      params: { minutes },
      data: { retryAfterMinutes: minutes },
      headers: { 'retry-after': String(minutes * 60) },
    });
  }
  const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const valid = user
    ? await verifyPassword(password, user.password_hash)
    : (await burnPasswordCheck(password), false);
  if (!user || !valid) {
    await recordLoginFailure(db, email, now);
    throw new AppError(failure);
  }
  await clearLoginFailures(db, email);
  return user;
}
