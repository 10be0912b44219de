import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { hashToken, newSecretToken } from './secretToken';

export const RESET_TTL_MINUTES = 30;
/** At most this many reset mails per user within RESET_TTL_MINUTES (no mail bombing). */
export const MAX_RESETS_PER_WINDOW = 3;

/** True when a user already asked for the maximum number of resets in the window. */
export async function resetLimitReached(db: Kysely<Database>, userId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - RESET_TTL_MINUTES * 60_000).toISOString();
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n) >= MAX_RESETS_PER_WINDOW;
}

/** Creates a single-use reset token for a user; returns the token (stored hashed). */
export async function createPasswordReset(db: Kysely<Database>, userId: string, now: Date): Promise<string> {
  const token = newSecretToken();
  await db
    .insertInto('password_resets')
    .values({
      id: randomId(),
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** The reset row a token names, when unused and not expired. */
export async function findLiveReset(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<{ id: string; userId: string } | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id } : undefined;
}
