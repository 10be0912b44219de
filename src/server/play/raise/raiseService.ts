// Raising a dog or a tree (the `raise` mechanic): each participant's pet grows by valid events (the
// app's own, received through the SDK for their user id, and the page's share when `share` is an
// event key), by friends' help (once per friend and local day, succeeding with the configured
// chance), eats from its bowl as time passes and fails when the bowl empties or time runs out
// (engine/play/raise.ts computes all of it from instants, so days away count exactly), revives
// after enough invites, and gives its prize once when it reaches the last stage. Every change runs
// under the owner's entry lock or a lock of the pet's row (entries before pets, always), so no
// event counts twice.
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import type { SchemaEngine } from '../../../engine/createSchemaEngine';
import {
  adopt,
  advance,
  feedEvent,
  help as helpPet,
  nextFailure,
  raiseRulesOf,
  revive as revivePet,
  type FeedResult,
  type RaiseRules,
  type RaiseState,
} from '../../../engine/play/raise';
import { playDay } from '../../../engine/play/playDay';
import { entryReason, memoByConfig, playCampaign, reasonError, type PlayCampaign } from '../playCampaign';
import { safeUrl } from '../../../engine/page/pageText';
import {
  actionRow,
  insertAction,
  lockParticipantEntry,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
} from '../playSteps';
import { givePrize, recordWin } from '../prizeSteps';
import type { ParticipantRow } from '../playTables';
import type { IngestEvent } from '../../sdk/validateSdkEvent';
import type { CampaignRow } from '../../db/campaignTables';
import { joinedParticipants } from '../runningCampaigns';
import './raiseTables';

type Db = Kysely<Database> | Transaction<Database>;

/** The raising rules of a campaign (read once per parsed config). */
export const raiseRules = memoByConfig((campaign: Pick<PlayCampaign, 'config'>): RaiseRules =>
  raiseRulesOf(campaign.config),
);

interface PetRow {
  state: RaiseState;
  events: number;
  rewardId: string | null;
  stored: boolean;
}

async function loadPet(
  db: Db,
  campaign: PlayCampaign,
  participantId: string,
  nowMs: number,
  /** PostgreSQL: lock the row (SQLite's write transaction is exclusive already). */
  lockOn?: 'postgres' | 'sqlite',
): Promise<PetRow> {
  let query = db
    .selectFrom('play_pets')
    .select(['state', 'events', 'reward_id'])
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participantId);
  if (lockOn === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return { state: adopt(raiseRules(campaign), nowMs), events: 0, rewardId: null, stored: false };
  return {
    state: JSON.parse(row.state) as RaiseState,
    events: row.events,
    rewardId: row.reward_id,
    stored: true,
  };
}

async function savePet(db: Db, campaign: PlayCampaign, participantId: string, pet: PetRow, now: Date) {
  const at = now.toISOString();
  const values = {
    state: JSON.stringify(pet.state),
    stage: pet.state.stage,
    status: pet.state.status,
    failure: pet.state.failure,
    revivals: pet.state.revivals,
    events: pet.events,
    reward_id: pet.rewardId,
    updated_at: at,
  };
  await db
    .insertInto('play_pets')
    .values({
      campaign_id: campaign.row.id,
      participant_id: participantId,
      project_id: campaign.row.project_id,
      created_at: at,
      ...values,
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id']).doUpdateSet(values))
    .execute();
}

/** A pet for a participant who opened the page (its time starts then); nothing if it exists. */
export async function adoptPet(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow,
  now: Date,
) {
  if (campaign.mechanic !== 'raise' || entryReason(campaign, participant, now, false)) return;
  const pet = { state: adopt(raiseRules(campaign), now.getTime()), events: 0, rewardId: null, stored: false };
  const at = now.toISOString();
  await db
    .insertInto('play_pets')
    .values({
      campaign_id: campaign.row.id,
      participant_id: participant.id,
      project_id: campaign.row.project_id,
      state: JSON.stringify(pet.state),
      stage: pet.state.stage,
      status: pet.state.status,
      failure: null,
      revivals: 0,
      events: 0,
      reward_id: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id']).doNothing())
    .execute();
}

/** After a change: the last stage's prize, once, when the pet has just grown. */
async function rewardIfGrown(
  trx: Transaction<Database>,
  base: Omit<ActionInput, 'participant' | 'action' | 'key' | 'body'>,
  owner: ParticipantRow,
  entry: EntryRow,
  pet: PetRow,
): Promise<number> {
  if (pet.state.status !== 'grown' || pet.rewardId) return 0;
  const rules = raiseRules(base.campaign);
  const prize = rules.rewardPrizeId
    ? base.campaign.prizes.find((p) => String(p.id) === rules.rewardPrizeId)
    : undefined;
  // The reward is decided once, given or not (out of stock, over budget, no prize configured).
  if (!prize) {
    pet.rewardId = 'none:noPrize';
    return 0;
  }
  const rewardId = randomId();
  pet.rewardId = rewardId;
  const input: ActionInput = {
    ...base,
    participant: owner,
    action: 'raise',
    key: `raise:${owner.id}`,
    body: {},
  };
  const given = await givePrize(trx, input, prize, rewardId);
  if (given.outcome !== 'win') {
    pet.rewardId = `none:${given.outcome}`;
    return 0;
  }
  const written = await recordWin(trx, input, {
    prize,
    rewardId,
    couponCode: given.couponCode,
    valueMicros: given.valueMicros,
    entry,
  });
  return written.deliveries;
}

/** Valid events at their instants on a locked owner's pet (in time order, never before its last update). */
async function feedPet(
  trx: Transaction<Database>,
  base: Omit<ActionInput, 'participant' | 'action' | 'key' | 'body'>,
  owner: ParticipantRow,
  entry: EntryRow,
  instants: number[],
): Promise<{ fed: number; deliveries: number; last: FeedResult | null }> {
  const pet = await loadPet(trx, base.campaign, owner.id, base.now.getTime(), base.dbKind);
  let fed = 0;
  let last: FeedResult | null = null;
  for (const atMs of [...instants].sort((a, b) => a - b)) {
    last = feedEvent(raiseRules(base.campaign), pet.state, Math.max(atMs, pet.state.at));
    pet.state = last.state;
    if (last.ignored === null) fed += 1;
  }
  pet.events += fed;
  const deliveries = await rewardIfGrown(trx, base, owner, entry, pet);
  await savePet(trx, base.campaign, owner.id, pet, base.now);
  return { fed, deliveries, last };
}

/** The page's share as a valid event, when `share` is one of the config's event keys. */
export async function feedPetByShare(trx: Transaction<Database>, input: ActionInput, entry: EntryRow) {
  if (input.campaign.mechanic !== 'raise' || !raiseRules(input.campaign).events.includes('share')) return 0;
  return (await feedPet(trx, input, input.participant, entry, [input.now.getTime()])).deliveries;
}

/**
 * `help { code }`: a friend helps the pet of the participant with that code, once a local day;
 * the help succeeds with the configured chance and then counts as one valid event.
 */
export async function help(trx: Transaction<Database>, input: ActionInput): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const code = typeof input.body.code === 'string' ? input.body.code.toUpperCase() : '';
  const owner = await trx
    .selectFrom('participants')
    .selectAll()
    .where('project_id', '=', campaign.row.project_id)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!owner || !owner.id) throw new AppError('raise.noPet');
  if (owner.id === participant.id) throw new AppError('raise.ownPet');
  const day = playDay(now.getTime(), campaign.timezone);
  // The helper's entry is locked (runAction); then the owner's pet row, never the owner's entry:
  // pets are always taken after entries, so friends helping each other never wait in a circle.
  const ownerEntry = await trx
    .selectFrom('play_entries')
    .selectAll()
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', owner.id)
    .executeTakeFirst();
  const pet = await loadPet(trx, campaign, owner.id, now.getTime(), input.dbKind);
  if (!pet.stored || !ownerEntry) throw new AppError('raise.noPet');
  const draw = randomInt(10_000);
  const helped = helpPet(raiseRules(campaign), pet.state, now.getTime(), draw);
  const taken = await trx
    .insertInto('play_pet_helps')
    .values({
      campaign_id: campaign.row.id,
      owner_id: owner.id,
      helper_id: participant.id,
      day,
      project_id: campaign.row.project_id,
      succeeded: helped.succeeded && helped.ignored === null ? 1 : 0,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'owner_id', 'helper_id', 'day']).doNothing())
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AppError('raise.helpedToday');
  pet.state = helped.state;
  if (helped.succeeded && helped.ignored === null) pet.events += 1;
  const deliveries = await rewardIfGrown(trx, input, owner, ownerEntry, pet);
  await savePet(trx, campaign, owner.id, pet, now);
  const result = {
    owner: owner.code,
    succeeded: helped.succeeded && helped.ignored === null,
    stage: pet.state.stage,
    status: pet.state.status,
  };
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        random_value: draw,
        outcome: result.succeeded ? 'helped' : 'helpMissed',
      },
      day,
      ownerEntry,
    ),
  );
  return { result, replayed: false, deliveries };
}

/** Friends who joined through the participant's link since an instant. */
async function invitesSince(db: Db, campaignId: string, participantId: string, sinceMs: number) {
  const row = await db
    .selectFrom('play_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('inviter_id', '=', participantId)
    .where('joined_at', '>=', new Date(sinceMs).toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** `revive`: a failed pet comes back once enough friends joined through the player's link since it failed. */
export async function revive(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const rules = raiseRules(campaign);
  const pet = await loadPet(trx, campaign, participant.id, now.getTime(), input.dbKind);
  const current = advance(rules, pet.state, now.getTime());
  const invites =
    current.failedAt !== null
      ? await invitesSince(trx, campaign.row.id, participant.id, current.failedAt)
      : 0;
  const revived = revivePet(rules, current, now.getTime(), invites);
  if (!revived.revived) {
    if (revived.reason === 'needsInvites')
      throw new AppError('raise.needsInvites', { params: { count: revived.invitesMissing } });
    throw new AppError(revived.reason === 'notFailed' ? 'raise.notFailed' : 'raise.notRevivable');
  }
  pet.state = revived.state;
  await savePet(trx, campaign, participant.id, pet, now);
  const result = { revived: true, revivals: pet.state.revivals };
  await insertAction(
    trx,
    actionRow(
      input,
      { result: JSON.stringify(result), outcome: 'revive' },
      playDay(now.getTime(), campaign.timezone),
      entry,
    ),
  );
  return { result, replayed: false, deliveries: 0 };
}

/**
 * The SDK hook: valid events with a user id feed the pets of the project's running raising
 * campaigns for participants who joined them, in the transaction that stored the events. All the
 * entries are locked first (in id order), then the pets.
 */
export async function feedPetsByEvents(
  trx: Transaction<Database>,
  schemas: SchemaEngine,
  projectId: string,
  events: readonly IngestEvent[],
  now: Date,
  dbKind: 'sqlite' | 'postgres',
  /** The project's running campaigns (runningCampaigns), read once for every hook. */
  rows: readonly CampaignRow[],
): Promise<number> {
  const withUser = events.filter((e) => e.userId);
  if (withUser.length === 0) return 0;
  let fed = 0;
  for (const row of rows) {
    const campaign = playCampaign(schemas, row);
    if (campaign.mechanic !== 'raise') continue;
    const keys = new Set(raiseRules(campaign).events);
    const mine = withUser.filter((e) => keys.has(e.name));
    if (mine.length === 0) continue;
    const userIds = mine.map((e) => e.userId as string);
    const joined = await joinedParticipants(trx, projectId, campaign.row.id, userIds);
    const locked: [ParticipantRow, EntryRow][] = [];
    for (const participant of joined)
      locked.push([participant, await lockParticipantEntry(trx, campaign, participant, now)]);
    const fromMs = Date.parse(row.start_time);
    const toMs = Date.parse(row.end_time);
    for (const [participant, entry] of locked) {
      const instants = mine
        .filter((e) => e.userId === participant.user_id)
        .map((e) => Date.parse(e.time))
        .filter((ms) => ms >= fromMs && ms < toMs);
      if (instants.length === 0) continue;
      fed += (await feedPet(trx, { campaign, now, dbKind }, participant, entry, instants)).fed;
    }
  }
  return fed;
}

/** What the page draws of the rules (`campaign.game.raise`). */
export function raiseGameView(campaign: PlayCampaign) {
  const rules = raiseRules(campaign);
  return {
    species: rules.species,
    stages: rules.stagesBp.map((bp) => bp / 100),
    events: rules.events,
    foodFull: rules.foodFullCg / 100,
    helpProbability: rules.helpBp / 100,
    revivalInvites: rules.revivalInvites,
    rewardPrizeId: rules.rewardPrizeId,
    /** The configured picture of each stage (0 = just started); null where the page draws its own. */
    stageImages: (Array.isArray(campaign.config.stageImages) ? campaign.config.stageImages : []).map(
      (image: unknown) => safeUrl(image) ?? null,
    ),
  };
}

function petView(rules: RaiseRules, state: RaiseState, nowMs: number) {
  const current = advance(rules, state, nowMs);
  const failure = current.status === 'growing' ? nextFailure(rules, current) : null;
  // Food eaten since the last update, on the engine's own grid (advance only moves the status).
  const eatenCg =
    current.status === 'growing' && rules.foodPerHourCg > 0
      ? Math.floor(((nowMs - current.startedAt) * rules.foodPerHourCg) / 3_600_000) -
        Math.floor(((current.at - current.startedAt) * rules.foodPerHourCg) / 3_600_000)
      : 0;
  return {
    progress: current.progressBp / 100,
    stage: current.stage,
    status: current.status,
    failure: current.failure,
    food: Math.max(0, current.foodCg - eatenCg) / 100,
    failsAt: failure ? new Date(failure.at).toISOString() : null,
    failsBy: failure?.failure ?? null,
    failedAt: current.failedAt !== null ? new Date(current.failedAt).toISOString() : null,
    revivals: current.revivals,
  };
}

/** The participant's pet, and the pet of the friend whose link they came by (`me.progress.raise`). */
export async function raiseProgress(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  now: Date,
) {
  const rules = raiseRules(campaign);
  const nowMs = now.getTime();
  if (!participant) return { raise: { pet: null, friend: null } };
  const pet = await loadPet(db, campaign, participant.id, nowMs);
  const view = petView(rules, pet.state, nowMs);
  const invites =
    view.status === 'failed' && pet.state.failedAt !== null
      ? await invitesSince(
          db,
          campaign.row.id,
          participant.id,
          advance(rules, pet.state, nowMs).failedAt ?? nowMs,
        )
      : 0;
  const entry = await db
    .selectFrom('play_entries')
    .select('inviter_id')
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirst();
  let friend = null;
  if (entry?.inviter_id) {
    const owner = await db
      .selectFrom('participants')
      .select(['id', 'code'])
      .where('id', '=', entry.inviter_id)
      .executeTakeFirst();
    const theirs = owner
      ? await db
          .selectFrom('play_pets')
          .select('state')
          .where('campaign_id', '=', campaign.row.id)
          .where('participant_id', '=', owner.id)
          .executeTakeFirst()
      : undefined;
    if (owner && theirs) {
      const helpedToday = await db
        .selectFrom('play_pet_helps')
        .select('succeeded')
        .where('campaign_id', '=', campaign.row.id)
        .where('owner_id', '=', owner.id)
        .where('helper_id', '=', participant.id)
        .where('day', '=', playDay(nowMs, campaign.timezone))
        .executeTakeFirst();
      friend = {
        code: owner.code,
        ...petView(rules, JSON.parse(theirs.state) as RaiseState, nowMs),
        helpedToday: helpedToday !== undefined,
      };
    }
  }
  return {
    raise: {
      pet: {
        ...view,
        adopted: pet.stored,
        events: pet.events,
        rewarded: pet.rewardId !== null && !pet.rewardId.startsWith('none:'),
      },
      invitesSinceFailure: invites,
      friend,
    },
  };
}
