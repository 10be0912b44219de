// The steps every player action is made of (playActions.ts runs them for the draw and share,
// each mechanic's folder for its own): the entry lock, the chances and budget a decision reads,
// earned chances and the action's own row. Giving a prize (stock, budget, codes, reward records)
// is prizeSteps.ts.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { AppError, type ErrorKey } from '../errors';
import { hotInsert, hotQuery } from '../db/hotQuery';
import {
  countersAfter,
  type BudgetState,
  type ChanceSpend,
  type ChanceState,
  type EntryCounters,
} from '../../engine/play/chances';
import { playDay } from '../../engine/play/playDay';
import type { PlayCampaign } from './playCampaign';
import type { ParticipantRow, PlayActionRow } from './playTables';
import type { ActionInput, EntryRow } from './mechanicModule';
import { requestFingerprint } from './requestFingerprint';

export type { ActionInput, ActionOutcome, EntryRow, PlayInput } from './mechanicModule';

type Db = Kysely<Database> | Transaction<Database>;

/** The action row of a key: the answer it gave, and what the request that wrote it was. */
export async function findAction(db: Db, campaignId: string, participantId: string, key: string) {
  return db
    .selectFrom('play_actions')
    .select(['result', 'action', 'fingerprint'])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Whether the participant joined the project's play during this campaign (a "new user"). */
export function isNewUser(participant: ParticipantRow, campaign: PlayCampaign): boolean {
  return participant.created_at >= campaign.row.start_time;
}

/**
 * The participant's entry in a campaign (made on first sight, with the channel and inviter of the
 * visit that made it).
 */
export async function ensureEntry(
  db: Db,
  campaign: PlayCampaign,
  participant: ParticipantRow,
  now: Date,
  visit: { channel?: string | null; inviterId?: string | null } = {},
): Promise<void> {
  await insertEntry(db, {
    projectId: campaign.row.project_id,
    campaignId: campaign.row.id,
    participantId: participant.id,
    channel: visit.channel ?? null,
    inviterId: visit.inviterId && visit.inviterId !== participant.id ? visit.inviterId : null,
    isNewUser: isNewUser(participant, campaign) ? 1 : 0,
    now: now.toISOString(),
  });
}

// The statements every draw runs, built once (see hotQuery).
const insertEntry = hotQuery(
  ['projectId', 'campaignId', 'participantId', 'channel', 'inviterId', 'isNewUser', 'now'],
  (
    db: Kysely<Database>,
    p: {
      projectId: string;
      campaignId: string;
      participantId: string;
      channel: string | null;
      inviterId: string | null;
      isNewUser: number;
      now: string;
    },
  ) =>
    db
      .insertInto('play_entries')
      .values({
        project_id: p.projectId,
        campaign_id: p.campaignId,
        participant_id: p.participantId,
        channel: p.channel,
        inviter_id: p.inviterId,
        is_new_user: p.isNewUser,
        joined_at: p.now,
      })
      .onConflict((oc) => oc.columns(['campaign_id', 'participant_id']).doNothing()),
);

type EntryKey = { campaignId: string; participantId: string };

const lockEntryRow = hotQuery(
  ['now', 'campaignId', 'participantId'],
  (db: Kysely<Database>, p: EntryKey & { now: string }) =>
    db
      .updateTable('play_entries')
      .set({ last_action_at: p.now })
      .where('campaign_id', '=', p.campaignId)
      .where('participant_id', '=', p.participantId)
      .returningAll(),
);

export const saveEntryCounters = hotQuery(
  ['dailyPeriod', 'dailyUsed', 'poolUsed', 'actions', 'wins', 'campaignId', 'participantId'],
  (
    db: Kysely<Database>,
    p: EntryKey & {
      dailyPeriod: string | null;
      dailyUsed: number;
      poolUsed: number;
      actions: number;
      wins: number;
    },
  ) =>
    db
      .updateTable('play_entries')
      .set({
        daily_period: p.dailyPeriod,
        daily_used: p.dailyUsed,
        pool_used: p.poolUsed,
        actions: p.actions,
        wins: p.wins,
      })
      .where('campaign_id', '=', p.campaignId)
      .where('participant_id', '=', p.participantId),
);

export const spentBudget = hotQuery(['campaignId'], (db: Kysely<Database>, p: { campaignId: string }) =>
  db.selectFrom('play_budgets').select('spent_micros').where('campaign_id', '=', p.campaignId),
);

export const insertAction = hotInsert<PlayActionRow>('play_actions', {
  id: true,
  project_id: true,
  campaign_id: true,
  participant_id: true,
  action: true,
  idempotency_key: true,
  result: true,
  odds: true,
  random_value: true,
  prize_id: true,
  reward_id: true,
  chance_bucket: true,
  outcome: true,
  channel: true,
  inviter_id: true,
  os: true,
  country: true,
  day: true,
  created_at: true,
  fingerprint: true,
});

/**
 * Locks the participant's entry in the campaign and reads it in one statement (an UPDATE ...
 * RETURNING, which PostgreSQL holds until the commit; SQLite's write transaction is exclusive),
 * making the entry first when the participant has none.
 */
export async function lockEntry(trx: Transaction<Database>, input: ActionInput): Promise<EntryRow> {
  return lockParticipantEntry(trx, input.campaign, input.participant, input.now);
}

/** lockEntry for a participant outside an action of theirs (an SDK event's, a friend's help). */
export async function lockParticipantEntry(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow,
  now: Date,
): Promise<EntryRow> {
  const key = { now: now.toISOString(), campaignId: campaign.row.id, participantId: participant.id };
  const lock = async () => (await lockEntryRow(trx, key)).rows[0];
  const locked = await lock();
  if (locked) return locked;
  await ensureEntry(trx, campaign, participant, now);
  return (await lock()) as EntryRow;
}

export async function grantedTotal(
  trx: Transaction<Database>,
  campaignId: string,
  participantId: string,
  source?: string,
  period?: string,
) {
  let query = trx
    .selectFrom('play_chance_grants')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId);
  if (source) query = query.where('source', '=', source);
  if (period) query = query.where('period', '=', period);
  const row = await query.executeTakeFirst();
  return { total: Number(row?.total ?? 0), count: Number(row?.count ?? 0) };
}

/**
 * An action's row. `day` is the local day it counts on; an action that spends a chance passes the
 * spend instead, which names both the day and the chance's bucket (`chance_bucket`).
 */
export function actionRow(
  input: ActionInput,
  fields: Partial<PlayActionRow> & { result: string },
  day: string | ChanceSpend,
  entry: { channel: string | null; inviter_id: string | null },
): PlayActionRow {
  return {
    id: randomId(),
    project_id: input.campaign.row.project_id,
    campaign_id: input.campaign.row.id,
    participant_id: input.participant.id,
    action: input.action,
    idempotency_key: input.key,
    odds: null,
    random_value: null,
    prize_id: null,
    reward_id: null,
    chance_bucket: typeof day === 'string' ? null : chanceBucket(day),
    outcome: null,
    channel: entry.channel,
    inviter_id: entry.inviter_id,
    os: input.participant.os,
    country: input.participant.country,
    day: typeof day === 'string' ? day : day.today,
    created_at: input.now.toISOString(),
    fingerprint: requestFingerprint(input.action, input.body),
    ...fields,
  };
}

/** The bucket an action row names for a chance spent: none for an unlimited campaign's. */
export function chanceBucket(spend: ChanceSpend): 'daily' | 'pool' | null {
  return spend.bucket === 'unlimited' ? null : spend.bucket;
}

/** Adds earned chances (once per `ref`) and the entry's `granted` counter; answers whether it was new. */
export async function addGrant(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  participantId: string,
  grant: { source: string; period: string; ref: string; amount: number; now: Date },
): Promise<boolean> {
  const added = await trx
    .insertInto('play_chance_grants')
    .values({
      id: randomId(),
      project_id: campaign.row.project_id,
      campaign_id: campaign.row.id,
      participant_id: participantId,
      source: grant.source,
      period: grant.period,
      ref: grant.ref,
      amount: grant.amount,
      created_at: grant.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id', 'source', 'ref']).doNothing())
    .executeTakeFirst();
  if (Number(added.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await trx
    .updateTable('play_entries')
    .set({ granted: sql`granted + ${grant.amount}` })
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participantId)
    .execute();
  return true;
}

/** The campaign's budget as an action's decision reads it (null without a budget: no query). */
export async function budgetState(trx: Transaction<Database>, campaign: PlayCampaign): Promise<BudgetState> {
  if (campaign.budgetMicros === null) return null;
  const [row] = (await spentBudget(trx, { campaignId: campaign.row.id })).rows;
  return { totalMicros: campaign.budgetMicros, spentMicros: row ? Number(row.spent_micros) : 0 };
}

/** The participant's chances in a campaign as an action's decision reads them. */
export function chanceState(campaign: PlayCampaign, entry: EntryRow, now: Date): ChanceState {
  return {
    rules: campaign.chances,
    counters: countersOf(entry),
    today: playDay(now.getTime(), campaign.timezone),
  };
}

/** An entry's counters as the rules of engine/play read them. */
export function countersOf(entry: EntryRow): EntryCounters {
  return {
    poolUsed: entry.pool_used,
    dailyPeriod: entry.daily_period,
    dailyUsed: entry.daily_used,
    granted: entry.granted,
    actions: entry.actions,
    wins: entry.wins,
  };
}

/** The entry after spending a chance of `bucket` on one action (`won`: it gave a prize). */
export function entryAfter(entry: EntryRow, spend: ChanceSpend | null, won: boolean): EntryRow {
  const after = countersAfter(countersOf(entry), spend, won);
  return {
    ...entry,
    daily_period: after.dailyPeriod,
    daily_used: after.dailyUsed,
    pool_used: after.poolUsed,
    actions: after.actions,
    wins: after.wins,
  };
}

/** Writes the entry's chance and action counters. */
export async function saveEntry(trx: Transaction<Database>, input: ActionInput, after: EntryRow) {
  await saveEntryCounters(trx, {
    dailyPeriod: after.daily_period,
    dailyUsed: after.daily_used,
    poolUsed: after.pool_used,
    actions: after.actions,
    wins: after.wins,
    campaignId: input.campaign.row.id,
    participantId: input.participant.id,
  });
}

/** A decision that may refuse, with the refusal's message parameters when it has some. */
type Refusable = { refusal: string | null; params?: Record<string, unknown> };

/** Compiles only when every refusal a decision can give has an error key under `ns`. */
type EveryRefusalKnown<
  N extends string,
  D extends Refusable,
> = `${N}.${NonNullable<D['refusal']>}` extends ErrorKey
  ? unknown
  : { missingErrorKey: `${N}.${NonNullable<D['refusal']>}` };

/**
 * The step between decide and write: a refusal is thrown as the participant's error
 * `<ns>.<refusal>` (with the decision's parameters when it names some), so nothing is written; a
 * decision to act passes on, narrowed to its acting form.
 */
export function refuse<D extends Refusable, N extends string>(
  decision: D,
  ns: N & EveryRefusalKnown<N, D>,
): asserts decision is Extract<D, { refusal: null }> {
  if (decision.refusal === null) return;
  const key = `${ns}.${decision.refusal}` as ErrorKey;
  throw new AppError(key, decision.params ? { params: decision.params } : undefined);
}
