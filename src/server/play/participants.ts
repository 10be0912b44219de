import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { hotQuery } from '../db/hotQuery';
import { randomId } from '../db/randomId';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { hashToken, newSecretToken } from '../accounts/secretToken';
import { AppError } from '../errors';
import { projectApiSecret } from './apiSecret';
import type { ParticipantRow, ParticipantVia } from './playTables';

/** How long a participant session lasts. */
export const PARTICIPANT_SESSION_MS = 24 * 3600_000;
/** A hand-off may expire at most this far ahead (at most 24 h). */
export const HANDOFF_MAX_AHEAD_S = 24 * 3600;

/** The expected hand-off signature: base64url(HMAC-SHA256(API secret, `campaignId.userId.exp`)). */
export function handoffSignature(secret: string, campaignId: string, userId: string, exp: number): string {
  return signedTextSignature(secret, `${campaignId}.${userId}.${exp}`);
}

/** base64url(HMAC-SHA256(API secret, text)): the signature of any hand-off text. */
export function signedTextSignature(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks a signed hand-off and spends it: a forged, expired, too distant or already used
 * signature answers 401 `play.unauthorized`. The signature's hash is kept until it expires, so a
 * copied link cannot open a second session (several servers share the table).
 */
export async function acceptHandoff(
  db: Kysely<Database>,
  input: { projectId: string; campaignId: string; userId: string; exp: number; sig: string },
  now: Date,
): Promise<void> {
  const text = `${input.campaignId}.${input.userId}.${input.exp}`;
  await acceptSignedText(db, { projectId: input.projectId, text, exp: input.exp, sig: input.sig }, now);
}

/**
 * acceptHandoff for any signed text ending in `.exp` (the offerwall signs
 * `offerwall.<projectId>.<userId>.<exp>`): the same expiry window, signature check and one use.
 */
export async function acceptSignedText(
  db: Kysely<Database>,
  input: { projectId: string; text: string; exp: number; sig: string },
  now: Date,
): Promise<void> {
  const nowS = Math.floor(now.getTime() / 1000);
  if (!Number.isInteger(input.exp) || input.exp <= nowS || input.exp > nowS + HANDOFF_MAX_AHEAD_S) {
    throw new AppError('play.unauthorized');
  }
  const secret = await projectApiSecret(db, input.projectId);
  const expected = signedTextSignature(secret, input.text);
  if (!sameText(expected, input.sig)) throw new AppError('play.unauthorized');
  await db.deleteFrom('participant_handoffs').where('expires_at', '<=', now.toISOString()).execute();
  const inserted = await db
    .insertInto('participant_handoffs')
    .values({
      project_id: input.projectId,
      sig_hash: createHash('sha256').update(input.sig).digest('hex'),
      expires_at: new Date(input.exp * 1000).toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError('play.unauthorized');
}

// Participant codes: 8 characters without look-alikes (0/O, 1/I/L), easy to read aloud.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
function newCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

export interface ParticipantFacts {
  os?: string | null;
  country?: string | null;
  userType?: string | null;
}

/**
 * The participant of an identity in a project, made on first sight. `created` says whether this
 * call made it (a new participant of the project).
 */
export async function findOrCreateParticipant(
  db: Kysely<Database>,
  input: { projectId: string; userId?: string; deviceId?: string; via: ParticipantVia } & ParticipantFacts,
  now: Date,
): Promise<{ participant: ParticipantRow; created: boolean }> {
  const identity = input.userId !== undefined ? `u:${input.userId}` : `d:${input.deviceId}`;
  const at = now.toISOString();
  const find = () =>
    db
      .selectFrom('participants')
      .selectAll()
      .where('project_id', '=', input.projectId)
      .where('identity', '=', identity)
      .executeTakeFirst();
  const existing = await find();
  if (existing) {
    const changes = {
      last_seen_at: at,
      ...(input.userType !== undefined && input.userType !== existing.user_type
        ? { user_type: input.userType }
        : {}),
      ...(input.os && !existing.os ? { os: input.os } : {}),
    };
    await db.updateTable('participants').set(changes).where('id', '=', existing.id).execute();
    return { participant: { ...existing, ...changes }, created: false };
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const row: ParticipantRow = {
      id: randomId(),
      project_id: input.projectId,
      identity,
      code: newCode(),
      user_id: input.userId ?? null,
      device_id: input.userId !== undefined ? null : (input.deviceId ?? null),
      user_type: input.userType ?? null,
      via: input.via,
      os: input.os ?? null,
      country: input.country ?? null,
      created_at: at,
      last_seen_at: at,
    };
    try {
      await db.insertInto('participants').values(row).execute();
      return { participant: row, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another request made this identity first, or the code was taken: look again.
      const raced = await find();
      if (raced) return { participant: raced, created: false };
    }
  }
  throw new Error('could not allocate a participant code');
}

/**
 * A new participant session: the token goes to the page, its hash to the database, with the device
 * the page reported (the risk rules count rewards per device).
 */
export async function openParticipantSession(
  db: Kysely<Database>,
  participant: ParticipantRow,
  now: Date,
  deviceId: string | null = null,
): Promise<string> {
  const token = newSecretToken();
  await db
    .insertInto('participant_sessions')
    .values({
      id: randomId(),
      project_id: participant.project_id,
      participant_id: participant.id,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PARTICIPANT_SESSION_MS).toISOString(),
      device_id: deviceId,
    })
    .execute();
  return token;
}

/** The `Authorization: Participant <token>` of a request, if any. */
export function participantToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return /^Participant\s+(\S+)\s*$/i.exec(header)?.[1];
}

/**
 * The participant of a request for a campaign of `projectId`: undefined without a token; a token
 * that is unknown, expired or of another project answers 401 `play.unauthorized`.
 */
// Every player request reads its session.
const sessionParticipant = hotQuery(
  ['tokenHash', 'now'],
  (db: Kysely<Database>, p: { tokenHash: string; now: string }) =>
    db
      .selectFrom('participant_sessions as s')
      .innerJoin('participants as p', 'p.id', 's.participant_id')
      .selectAll('p')
      .select('s.device_id as session_device_id')
      .where('s.token_hash', '=', p.tokenHash)
      .where('s.expires_at', '>', p.now),
);

/** A participant as their session names them: with the device the session was opened from. */
export type SessionParticipant = ParticipantRow & { session_device_id: string | null };

export async function requestParticipant(
  db: Kysely<Database>,
  request: FastifyRequest,
  projectId: string,
  now: Date,
): Promise<SessionParticipant | undefined> {
  const token = participantToken(request);
  if (token === undefined) return undefined;
  const row = await participantOfToken(db, token, now);
  if (!row || row.project_id !== projectId) throw new AppError('play.unauthorized');
  return row;
}

/** The participant a session token names (any project), or undefined when unknown or expired. */
export async function participantOfToken(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<SessionParticipant | undefined> {
  const [row] = (await sessionParticipant(db, { tokenHash: hashToken(token), now: now.toISOString() })).rows;
  return row;
}
