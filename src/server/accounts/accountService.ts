import type { Kysely } from 'kysely';
import { AppError, errorMessage } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { randomId } from '../db/randomId';
import type { Database } from '../db/tables';
import { hashPassword } from './passwords';
import { normalizeEmail, userView } from './userView';
import { createSession, revokeToken, revokeUserSessions, sessionOwner } from './sessions';
import { clearLoginFailures } from './loginLockout';
import { createPasswordReset, findLiveReset, resetLimitReached } from './passwordResets';

type Db = Kysely<Database>;

const emailTaken = () =>
  new AppError('emailTaken', {
    errors: (lang) => [{ path: '/email', message: errorMessage('emailTaken', lang) }],
  });

export interface SignUp {
  companyName: string;
  email: string;
  password: string;
}

/**
 * Creates an organisation and its owner (named after the e-mail's local part; the e-mail is
 * unique, 409 `emailTaken`); returns the owner's id.
 */
export async function signUp(db: Db, input: SignUp, now: Date): Promise<string> {
  const email = normalizeEmail(input.email);
  const time = now.toISOString();
  const passwordHash = await hashPassword(input.password);
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) throw emailTaken();
  const organisationId = randomId();
  const userId = randomId();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('organisations')
        .values({ id: organisationId, name: input.companyName.trim(), created_at: time })
        .execute();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          organisation_id: organisationId,
          // The first name is the e-mail's local part; the personal centre changes it.
          name: email.split('@')[0].slice(0, 30),
          email,
          password_hash: passwordHash,
          role: 'owner',
          last_login_at: null,
          created_at: time,
          updated_at: time,
        })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return userId;
}

/** Logs a user in: a new session token, the login time noted, the user as the console shows it. */
export async function openSession(db: Db, userId: string, now: Date, ttlHours: number) {
  await db.updateTable('users').set({ last_login_at: now.toISOString() }).where('id', '=', userId).execute();
  const session = await createSession(db, userId, now, ttlHours);
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return { token: session.token, expiresAt: session.expiresAt, user: userView(user) };
}

/** Revokes a token only when it is the user's own (a token of someone else is left alone). */
export async function revokeOwnToken(
  db: Db,
  token: string | undefined,
  userId: string,
  now: Date,
): Promise<void> {
  if (token && (await sessionOwner(db, token)) === userId) await revokeToken(db, token, now);
}

export type ResetRequest =
  | { sent: false; userId: string; reason: 'limit' }
  | { sent: true; userId: string; email: string; token: string };

/**
 * A reset token for the user with this e-mail, unless too many were asked for in the window;
 * undefined when no user has it (the caller answers the same either way).
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  now: Date,
): Promise<ResetRequest | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  if (!user) return undefined;
  if (await resetLimitReached(db, user.id, now)) return { sent: false, userId: user.id, reason: 'limit' };
  return {
    sent: true,
    userId: user.id,
    email: user.email,
    token: await createPasswordReset(db, user.id, now),
  };
}

/**
 * Sets a new password with a live reset token (400 `resetTokenInvalid` otherwise, also for the
 * loser of two uses racing); every session of the user ends and their login failures are cleared.
 */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<void> {
  const reset = await findLiveReset(db, token, now);
  if (!reset) throw new AppError('resetTokenInvalid');
  const passwordHash = await hashPassword(password);
  const time = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: time })
      .where('id', '=', reset.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new AppError('resetTokenInvalid');
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: time })
      .where('id', '=', reset.userId)
      .returning('email')
      .executeTakeFirstOrThrow();
    await revokeUserSessions(trx, reset.userId, now);
    await clearLoginFailures(trx, user.email);
  });
}
