// Runs a participant's action: the registry's modules (mechanicModules.ts) answer their own
// actions; `share`, which every mechanic answers, and the chances an invite earns are here.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { AppError } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import {
  decideShare,
  inviteGrant,
  shareEarns,
  type ShareDecision,
  type ShareStanding,
} from '../../engine/play/chances';
import { mechanicOf } from '../../engine/play/mechanics';
import { playDay } from '../../engine/play/playDay';
import { PAGE_EVENTS } from '../../engine/play/tasks';
import { entryReason, type PlayCampaign, type PlayReason } from './playCampaign';
import {
  actionRow,
  addGrant,
  ensureEntry,
  findAction,
  grantedTotal,
  insertAction,
  lockEntry,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
  type PlayInput,
} from './playSteps';
import type { PlayAction } from './mechanicModule';
import { MECHANIC_MODULES, MODULES } from './mechanicModules';
import type { ParticipantRow } from './playTables';
import { holdKey } from './holdKey';
import { requestFingerprint } from './requestFingerprint';
import { commitGroups } from '../db/commitGroups';

export { ensureEntry, type ActionInput, type ActionOutcome } from './playSteps';

/** `share`: every mechanic answers it (engine/play/mechanics.ts lists it). */
const SHARE: PlayAction = { run: share };

/**
 * Every action this build runs, by the name a mechanic lists in `actions` (engine/play/mechanics):
 * the modules' own, in registry order, with `share` after the first (the draw's), where the API
 * description has always named it.
 */
const ACTION_DEFS: ReadonlyMap<string, PlayAction> = new Map(
  MECHANIC_MODULES.flatMap((module, i) => [
    ...Object.entries(module.actions ?? {}),
    ...(i === 0 ? [['share', SHARE] as const] : []),
  ]),
);

/** The definition of an action of this build, by name (undefined for a name no module answers). */
export function actionDef(name: string): PlayAction | undefined {
  return ACTION_DEFS.get(name);
}

/** The actions the activity report counts as plays (a draw, a quiz attempt: each spends a chance). */
export const PLAY_ACTIONS: readonly string[] = [...ACTION_DEFS]
  .filter(([, def]) => def.countsAsPlay === true)
  .map(([name]) => name);

/** The actions a campaign answers: its mechanic's, when this build runs them. */
export function actionsOf(campaign: PlayCampaign): readonly string[] {
  const spec = campaign.mechanic ? mechanicOf(campaign.mechanic) : undefined;
  return (spec?.actions ?? ['share']).filter((name) => ACTION_DEFS.has(name));
}

/** Every action name of this build (for the API description). */
export const ACTIONS = [...ACTION_DEFS.keys()];

/**
 * Runs one player action in one transaction (on SQLite a savepoint of a group of actions that
 * arrived together and share one commit: db/commitGroups.ts), answered after its commit: the
 * participant's entry row is locked first, so one participant's actions run one at a time on any
 * number of servers. One Idempotency-Key is one
 * request: while it runs its key is held (holdKey.ts: a second request with the key answers 409),
 * and the action's row, written last, is unique per participant, campaign and key: a repeated key
 * fails that insert, the whole transaction rolls back (nothing changes), and the first answer is
 * given again, or 422 to another request with the key (answerRepeat).
 */
export async function runAction(db: Kysely<Database>, input: ActionInput): Promise<ActionOutcome> {
  const { campaign } = input;
  if (!actionsOf(campaign).includes(input.action))
    throw new AppError('play.unknownAction', { params: { action: input.action } });
  const action = ACTION_DEFS.get(input.action) as PlayAction;
  const played: PlayInput = { ...input, modules: MODULES };
  const held = holdKey(db, input);
  try {
    return await commitGroups(db, input.dbKind).run(async (trx) => {
      await held.acrossServers(trx);
      // A lock the action needs before the entry's (a sub-activity's draw: its bound campaign's).
      const first = action.lockFirst ? await action.lockFirst(trx, played) : undefined;
      const entry = await lockEntry(trx, played);
      return action.run(trx, played, entry, first);
    });
  } catch (error) {
    return await answerRepeat(db, input, error);
  } finally {
    held.release();
  }
}

/**
 * A failed action whose key already has an action row: its insert collided, or the action is
 * refused now (its chance is spent, the campaign ended since) while the first request went
 * through. The same request gets the first answer; another request with the key (another action
 * or body) gets 422. Any other failure is the action's own: a refusal spends nothing, is not
 * stored, and leaves the key free to retry.
 */
async function answerRepeat(
  db: Kysely<Database>,
  input: ActionInput,
  error: unknown,
): Promise<ActionOutcome> {
  if (!isUniqueViolation(error) && !(error instanceof AppError)) throw error;
  const prior = await findAction(db, input.campaign.row.id, input.participant.id, input.key);
  if (!prior) throw error;
  if (!isSameRequest(prior, input)) throw new AppError('play.idempotencyKeyReused');
  return { result: JSON.parse(prior.result) as Record<string, unknown>, replayed: true, deliveries: 0 };
}

/** Whether an action row answers this request: same fingerprint (rows without one: same action). */
function isSameRequest(prior: { action: string; fingerprint: string | null }, input: ActionInput) {
  if (prior.fingerprint === null) return prior.action === input.action;
  return prior.fingerprint === requestFingerprint(input.action, input.body);
}

// SHARE
/** Where a sharer stands, from who may act now (engine/play/chances.ts, `ShareStanding`). */
function shareStanding(reason: PlayReason | null): ShareStanding {
  if (reason === null) return 'play';
  return reason === 'loginRequired' ? 'loginRequired' : 'closed';
}

/**
 * `share`, in three steps: read the chances shares earned today (only when the share may earn),
 * decide (engine/play/chances.ts, `decideShare`: what it earns, its channel, whether it is a page
 * event), then write the decision: the grant, the page event's task progress, the action and the
 * entry's action count.
 */
async function share(trx: Transaction<Database>, input: PlayInput, entry: EntryRow): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const today = playDay(now.getTime(), campaign.timezone);
  const standing = shareStanding(entryReason(campaign, participant, now, false));
  const earnedToday = shareEarns(standing)
    ? (await grantedTotal(trx, campaign.row.id, participant.id, 'share', today)).total
    : 0;
  const decision = decideShare({
    rules: campaign.chances,
    standing,
    earnedToday,
    channel: input.body.channel,
  });
  return writeShare(trx, input, entry, today, decision);
}

/** Writes a decided share: its grant, the page event, the action and the entry's action count. */
async function writeShare(
  trx: Transaction<Database>,
  input: PlayInput,
  entry: EntryRow,
  today: string,
  decision: ShareDecision,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const { granted, channel } = decision;
  if (granted > 0) {
    await addGrant(trx, campaign, participant.id, {
      source: 'share',
      period: today,
      ref: input.key,
      amount: granted,
      now,
    });
  }
  // A share is also a page event (a task center's task, a raising's valid event) while one may play.
  const counted = { completions: 0, deliveries: 0 };
  if (decision.pageEvent) {
    const event = { name: PAGE_EVENTS.share, atMs: now.getTime(), ref: `act:${input.key}` };
    for (const module of MECHANIC_MODULES) {
      if (!module.hooks?.pageEvent) continue;
      const moved = await module.hooks.pageEvent(trx, input, entry, event);
      counted.completions += moved.completions;
      counted.deliveries += moved.deliveries;
    }
  }
  const result = {
    granted,
    channel,
    ...(counted.completions > 0 ? { completions: counted.completions } : {}),
  };
  await insertAction(
    trx,
    actionRow(input, { result: JSON.stringify(result), outcome: 'share' }, today, entry),
  );
  await trx
    .updateTable('play_entries')
    .set({ actions: sql`actions + 1` })
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .execute();
  return {
    result,
    replayed: false,
    deliveries: counted.deliveries,
    entry: { ...entry, actions: entry.actions + 1, granted: entry.granted + granted },
  };
}

/**
 * An invite: a new identified participant arriving with `?inviter=<code>` earns the inviter the
 * configured chances (capped in total), once per invitee. Self-invites earn nothing.
 */
export async function grantInvite(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  inviter: ParticipantRow,
  invitee: ParticipantRow,
  now: Date,
): Promise<number> {
  if (inviter.id === invitee.id || invitee.user_id === null) return 0;
  return db.transaction().execute(async (trx) => {
    await ensureEntry(trx, campaign, inviter, now);
    await trx
      .updateTable('play_entries')
      .set({ last_action_at: now.toISOString() })
      .where('campaign_id', '=', campaign.row.id)
      .where('participant_id', '=', inviter.id)
      .execute();
    const invites = await grantedTotal(trx, campaign.row.id, inviter.id, 'invite');
    const amount = inviteGrant(campaign.chances, invites.total);
    if (amount <= 0) return 0;
    const added = await addGrant(trx, campaign, inviter.id, {
      source: 'invite',
      period: 'total',
      ref: invitee.id,
      amount,
      now,
    });
    return added ? amount : 0;
  });
}

// ACTS
