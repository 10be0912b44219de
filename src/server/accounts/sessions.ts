import type { Kysely } from 'kysely';
import type { Database, Role } from '../db/tables';
import { randomId } from '../db/randomId';
import { hashToken, newSecretToken } from './secretToken';

export interface AuthUser {
  id: string;
  organisationId: string;
  name: string;
  email: string;
  role: Role;
}

export interface SessionLookup {
  sessionId: string;
  user: AuthUser;
}

/** Opens a session; returns the bearer token (only its hash is stored) and when it expires. */
export async function createSession(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  ttlHours: number,
): Promise<{ token: string; expiresAt: string; sessionId: string }> {
  const token = newSecretToken();
  const sessionId = randomId();
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000).toISOString();
  // Dead sessions of this user are useless; drop them so the table does not grow forever.
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('revoked_at', 'is not', null)]))
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt, sessionId };
}

/** The live session a bearer token belongs to, or undefined when unknown, expired or revoked. */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<SessionLookup | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as id',
      'users.organisation_id as organisationId',
      'users.name as name',
      'users.email as email',
      'users.role as role',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const { sessionId, ...user } = row;
  return { sessionId, user };
}

/** The user id a token was issued to, even when the session has expired (for refresh). */
export async function sessionOwner(db: Kysely<Database>, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.user_id;
}

/** Revokes one session by its token. */
export async function revokeToken(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
