// An Idempotency-Key held while the request that sent it runs: a `play_action_claims` row, made
// in its own statement (committed at once) before the action's transaction, so a second request
// with the key on any server sees it and is answered at once instead of waiting for the first.
// The action's transaction deletes it as it commits (the action's row then answers the key); a
// failed action deletes it after the rollback, so the key may be retried.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { AppError } from '../errors';
import { hotQuery } from '../db/hotQuery';
import { randomId } from '../db/randomId';
import type { ActionInput } from './mechanicModule';
import { requestFingerprint } from './requestFingerprint';

/**
 * A claim older than this was left by a server that stopped mid-request: the next request with
 * the key takes it over. An action runs in milliseconds; should a live one still be running, the
 * key stays once-only anyway (the action's row is unique per key: one of the two rolls back).
 */
export const ABANDONED_CLAIM_MS = 60_000;

/** The claim a request holds (its `token` tells it apart from a later holder's). */
export type KeyClaim = {
  campaignId: string;
  participantId: string;
  key: string;
  token: string;
};

type ClaimRow = KeyClaim & { projectId: string; fingerprint: string; claimedAt: string };

const insertClaim = hotQuery(
  ['projectId', 'campaignId', 'participantId', 'key', 'fingerprint', 'token', 'claimedAt'],
  (db: Kysely<Database>, p: ClaimRow) =>
    db
      .insertInto('play_action_claims')
      .values({
        project_id: p.projectId,
        campaign_id: p.campaignId,
        participant_id: p.participantId,
        idempotency_key: p.key,
        fingerprint: p.fingerprint,
        token: p.token,
        claimed_at: p.claimedAt,
      })
      .onConflict((oc) => oc.columns(['campaign_id', 'participant_id', 'idempotency_key']).doNothing()),
);

const deleteClaim = hotQuery(
  ['campaignId', 'participantId', 'key', 'token'],
  (db: Kysely<Database>, p: KeyClaim) =>
    db
      .deleteFrom('play_action_claims')
      .where('campaign_id', '=', p.campaignId)
      .where('participant_id', '=', p.participantId)
      .where('idempotency_key', '=', p.key)
      .where('token', '=', p.token),
);

/**
 * Claims the request's key, or answers why not: 422 `play.idempotencyKeyReused` while another
 * request (another action or body) holds it, 409 `play.idempotencyKeyInFlight` while this same
 * request is still running. An abandoned claim is taken over.
 */
export async function claimKey(db: Kysely<Database>, input: ActionInput): Promise<KeyClaim> {
  const row: ClaimRow = {
    projectId: input.campaign.row.project_id,
    campaignId: input.campaign.row.id,
    participantId: input.participant.id,
    key: input.key,
    fingerprint: requestFingerprint(input.action, input.body),
    token: randomId(),
    claimedAt: input.now.toISOString(),
  };
  // A claim released between our insert and our read is gone: claim again (twice at most).
  for (let attempt = 0; attempt < 3; attempt++) {
    if (Number((await insertClaim(db, row)).numAffectedRows ?? 0) === 1) return row;
    const held = await heldClaim(db, row);
    if (!held) continue;
    if (!isAbandoned(held.claimed_at, input.now)) throw claimRefusal(held.fingerprint, row.fingerprint);
    if (await takeOver(db, row, held.token)) return row;
  }
  throw new AppError('play.idempotencyKeyInFlight');
}

/** Gives the claim up: in the action's transaction as it commits, or after a failed action. */
export async function releaseClaim(db: Kysely<Database>, claim: KeyClaim): Promise<void> {
  await deleteClaim(db, claim);
}

function heldClaim(db: Kysely<Database>, claim: KeyClaim) {
  return db
    .selectFrom('play_action_claims')
    .select(['fingerprint', 'token', 'claimed_at'])
    .where('campaign_id', '=', claim.campaignId)
    .where('participant_id', '=', claim.participantId)
    .where('idempotency_key', '=', claim.key)
    .executeTakeFirst();
}

function isAbandoned(claimedAt: string, now: Date): boolean {
  return Date.parse(claimedAt) <= now.getTime() - ABANDONED_CLAIM_MS;
}

/** A live claim: another request with the key (422), or this one still running (409). */
function claimRefusal(heldFingerprint: string, fingerprint: string): AppError {
  return new AppError(
    heldFingerprint === fingerprint ? 'play.idempotencyKeyInFlight' : 'play.idempotencyKeyReused',
  );
}

/** Takes an abandoned claim over, unless another request took it first. */
async function takeOver(db: Kysely<Database>, row: ClaimRow, abandonedToken: string): Promise<boolean> {
  const taken = await db
    .updateTable('play_action_claims')
    .set({ fingerprint: row.fingerprint, token: row.token, claimed_at: row.claimedAt })
    .where('campaign_id', '=', row.campaignId)
    .where('participant_id', '=', row.participantId)
    .where('idempotency_key', '=', row.key)
    .where('token', '=', abandonedToken)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}
