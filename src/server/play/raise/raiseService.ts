// Raising a dog or a tree (the `raise` mechanic): each participant's pet grows by valid events (the
// app's own, received through the SDK for their user id, and the page's share when `share` is an
// event key), by friends' help (once per friend and local day, succeeding with the configured
// chance), eats from its bowl as time passes and fails when the bowl empties or time runs out
// (engine/play/raise.ts computes all of it from instants, so days away count exactly), revives
// after enough invites, and gives its prize once when it reaches the last stage. Every change runs
// under the owner's entry lock or a lock of the pet's row (entries before pets, always), so no
// event counts twice. This file keeps the pets (read, saved, adopted, fed by events, rewarded);
// the participant's actions `help` and `revive` are raiseActions.ts, the page's view
// raiseProgress.ts.
import { movesProgress, progressSourceOf } from '../../../engine/play/progressSource';
import { countRefusals, ignoredEvent, type RefusalCount } from '../risk/riskRefusals';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { SchemaEngine } from '../../../engine/createSchemaEngine';
import { adopt, decideFeed, raiseRulesOf, type PetHeld, type RaiseRules } from '../../../engine/play/raise';
import { entryReason, memoByConfig, playCampaign, type PlayCampaign } from '../playCampaign';
import { lockParticipantEntry, type ActionInput, type EntryRow } from '../playSteps';
import { awardPrize } from '../prizeSteps';
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

/** A pet as read: the engine's `PetHeld`, and whether its row exists (a new one is adopted now). */
export interface PetRow extends PetHeld {
  stored: boolean;
}

/** The play input of a change to someone's pet (an action's, or the SDK hook's without one). */
export type PetInput = Omit<ActionInput, 'participant' | 'action' | 'key' | 'body'>;

/** A participant's pet, or a pet adopted now when none is stored (`stored` false). */
export async function loadPet(
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
    state: JSON.parse(row.state) as PetHeld['state'],
    events: row.events,
    rewardId: row.reward_id,
    stored: true,
  };
}

/** Writes a pet's row (made if missing), with the figures the report reads copied out of its state. */
export async function savePet(
  db: Db,
  campaign: PlayCampaign,
  participantId: string,
  pet: PetHeld,
  now: Date,
) {
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
  const state = adopt(raiseRules(campaign), now.getTime());
  const at = now.toISOString();
  await db
    .insertInto('play_pets')
    .values({
      campaign_id: campaign.row.id,
      participant_id: participant.id,
      project_id: campaign.row.project_id,
      state: JSON.stringify(state),
      stage: state.stage,
      status: state.status,
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

/**
 * Saves a pet after a decided change, giving first the reward the decision made due (the last
 * stage's prize, once, within its stock and the budget): the pet keeps its reward record's id, or
 * `none:<outcome>` when it could not be given (no prize, out of stock, over budget). Answers the
 * deliveries queued.
 */
export async function writePet(
  trx: Transaction<Database>,
  base: PetInput,
  owner: ParticipantRow,
  entry: EntryRow,
  decided: { pet: PetHeld; reward: { prizeId: string | null } | null },
): Promise<number> {
  const pet = { ...decided.pet };
  let deliveries = 0;
  if (decided.reward) {
    const given = await giveReward(trx, base, owner, entry, decided.reward.prizeId);
    pet.rewardId = given.rewardId;
    deliveries = given.deliveries;
  }
  await savePet(trx, base.campaign, owner.id, pet, base.now);
  return deliveries;
}

/** The grown pet's prize given to its owner: the reward record's id, or `none:<outcome>`. */
async function giveReward(
  trx: Transaction<Database>,
  base: PetInput,
  owner: ParticipantRow,
  entry: EntryRow,
  prizeId: string | null,
): Promise<{ rewardId: string; deliveries: number }> {
  const prize = prizeId ? base.campaign.prizes.find((p) => String(p.id) === prizeId) : undefined;
  if (!prize) return { rewardId: 'none:noPrize', deliveries: 0 };
  const input: ActionInput = {
    ...base,
    participant: owner,
    action: 'raise',
    key: `raise:${owner.id}`,
    body: {},
  };
  const award = await awardPrize(trx, input, prize, entry);
  if (award.outcome !== 'win') return { rewardId: `none:${award.outcome}`, deliveries: 0 };
  return { rewardId: award.rewardId, deliveries: award.deliveries };
}

/**
 * Valid events at their instants on a locked owner's pet: read the pet, decide (`decideFeed`: in
 * time order, never before its last update), write it. Answers the events counted and deliveries.
 */
async function feedPet(
  trx: Transaction<Database>,
  base: PetInput,
  owner: ParticipantRow,
  entry: EntryRow,
  instants: number[],
): Promise<{ fed: number; deliveries: number }> {
  const pet = await loadPet(trx, base.campaign, owner.id, base.now.getTime(), base.dbKind);
  const decided = decideFeed(raiseRules(base.campaign), pet, instants);
  const deliveries = await writePet(trx, base, owner, entry, decided);
  return { fed: decided.fed, deliveries };
}

/** The page's share as a valid event, when `share` is one of the config's event keys. */
export async function feedPetByShare(trx: Transaction<Database>, input: ActionInput, entry: EntryRow) {
  if (input.campaign.mechanic !== 'raise' || !raiseRules(input.campaign).events.includes('share')) return 0;
  return (await feedPet(trx, input, input.participant, entry, [input.now.getTime()])).deliveries;
}

/** Friends who joined through the participant's link since an instant. */
export async function invitesSince(db: Db, campaignId: string, participantId: string, sinceMs: number) {
  const row = await db
    .selectFrom('play_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('inviter_id', '=', participantId)
    .where('joined_at', '>=', new Date(sinceMs).toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
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
  // App events the campaign does not take from the SDK: stored, counted for the report, moving nothing.
  const ignored: RefusalCount[] = [];
  for (const row of rows) {
    const campaign = playCampaign(schemas, row);
    if (campaign.mechanic !== 'raise') continue;
    const keys = new Set(raiseRules(campaign).events);
    const source = progressSourceOf(campaign.config.progressSource);
    const named = withUser.filter((e) => keys.has(e.name));
    const mine = named.filter((e) => movesProgress(source, e.via));
    if (mine.length < named.length)
      ignored.push({ ...ignoredEvent(row, now.getTime()), count: named.length - mine.length });
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
  await countRefusals(trx, ignored);
  return fed;
}
