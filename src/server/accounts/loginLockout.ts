import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;
const WINDOW_MS = WINDOW_MINUTES * 60_000;

// Failures are rows in the database, so several servers share one count.

/** Minutes left on a lock for this e-mail, or 0 when it may try to log in. */
export async function lockMinutesLeft(db: Kysely<Database>, email: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const rows = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('email', '=', email)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(MAX_FAILURES)
    .execute();
  if (rows.length < MAX_FAILURES) return 0;
  // Locked from the fifth failure for the window; attempts while locked are not counted.
  const until = new Date(rows[0].created_at).getTime() + WINDOW_MS;
  return Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
}

/** Counts one failed login for this e-mail (known or not: the answer must not tell). */
export async function recordLoginFailure(db: Kysely<Database>, email: string, now: Date): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ id: randomId(), email, created_at: now.toISOString() })
    .execute();
  // Old rows are useless; prune them so the table stays small.
  const cutoff = new Date(now.getTime() - 2 * WINDOW_MS).toISOString();
  await db.deleteFrom('login_failures').where('created_at', '<', cutoff).execute();
}

/** Forgets the failures of an e-mail after a successful login or a password reset. */
export async function clearLoginFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
