// The raising's participant actions: `help` (a friend's help to the pet of the participant whose
// code is given) and `revive` (the player's failed pet back after enough invites). Each reads what
// it needs once inside the action's transaction, decides in the engine (engine/play/raise.ts) and
// writes the decision.
import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { AppError } from '../../errors';
import {
  decideHelp,
  decideRevive,
  invitesCountFrom,
  type HelpDecision,
  type HelpSituation,
  type ReviveDecision,
} from '../../../engine/play/raise';
import { playDay } from '../../../engine/play/playDay';
import { entryReason, reasonError } from '../playCampaign';
import {
  actionRow,
  insertAction,
  refuse,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
} from '../playSteps';
import type { ParticipantRow } from '../playTables';
import { invitesSince, loadPet, raiseRules, savePet, writePet } from './raiseService';
import './raiseTables';

/** What a help reads: the owner the code names, their entry and pet, and today's help. */
interface HelpRead {
  owner: ParticipantRow | undefined;
  ownerEntry: EntryRow | undefined;
  day: string;
  situation: HelpSituation;
}

/**
 * Reads what a help decides on. The helper's entry is locked already (runAction); then the owner's
 * pet row, never the owner's entry: pets are always taken after entries, so friends helping each
 * other never wait in a circle. Nothing of the owner is read for a code naming nobody or the helper.
 */
async function readHelp(trx: Transaction<Database>, input: ActionInput): Promise<HelpRead> {
  const { campaign, participant, now } = input;
  const code = typeof input.body.code === 'string' ? input.body.code.toUpperCase() : '';
  const owner = await trx
    .selectFrom('participants')
    .selectAll()
    .where('project_id', '=', campaign.row.project_id)
    .where('code', '=', code)
    .executeTakeFirst();
  const day = playDay(now.getTime(), campaign.timezone);
  const situation: HelpSituation = {
    rules: raiseRules(campaign),
    nowMs: now.getTime(),
    helperId: participant.id,
    ownerId: owner?.id || null,
    pet: null,
    helpedToday: false,
  };
  if (!owner?.id || owner.id === participant.id) return { owner, ownerEntry: undefined, day, situation };
  const ownerEntry = await trx
    .selectFrom('play_entries')
    .selectAll()
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', owner.id)
    .executeTakeFirst();
  const pet = await loadPet(trx, campaign, owner.id, now.getTime(), input.dbKind);
  if (!pet.stored || !ownerEntry) return { owner, ownerEntry, day, situation };
  const helped = await trx
    .selectFrom('play_pet_helps')
    .select('succeeded')
    .where('campaign_id', '=', campaign.row.id)
    .where('owner_id', '=', owner.id)
    .where('helper_id', '=', participant.id)
    .where('day', '=', day)
    .executeTakeFirst();
  return { owner, ownerEntry, day, situation: { ...situation, pet, helpedToday: helped !== undefined } };
}

/**
 * `help { code }`, in three steps: read the owner the code names, their pet and whether this friend
 * helped it today, decide (`decideHelp`, on the server's draw `randomInt(10000)`), then write the
 * help (once per friend, pet and local day), the pet (with its reward when it has just grown) and
 * the action.
 */
export async function help(trx: Transaction<Database>, input: ActionInput): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const read = await readHelp(trx, input);
  const decision = decideHelp(read.situation, randomInt(10_000));
  refuse(decision, 'raise');
  const { owner, ownerEntry, day } = read;
  // A decided help had the owner's pet, so the owner and their entry were read.
  if (!owner || !ownerEntry) throw new AppError('raise.noPet');
  return writeHelp(trx, input, { owner, ownerEntry, day }, decision);
}

/** Writes a decided help: its row (a second one the same day refuses), the owner's pet, the action. */
async function writeHelp(
  trx: Transaction<Database>,
  input: ActionInput,
  read: { owner: ParticipantRow; ownerEntry: EntryRow; day: string },
  decision: Extract<HelpDecision, { refusal: null }>,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const { owner, ownerEntry, day } = read;
  const taken = await trx
    .insertInto('play_pet_helps')
    .values({
      campaign_id: campaign.row.id,
      owner_id: owner.id,
      helper_id: participant.id,
      day,
      project_id: campaign.row.project_id,
      succeeded: decision.succeeded ? 1 : 0,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'owner_id', 'helper_id', 'day']).doNothing())
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AppError('raise.helpedToday');
  const deliveries = await writePet(trx, input, owner, ownerEntry, decision);
  const result = {
    owner: owner.code,
    succeeded: decision.succeeded,
    stage: decision.pet.state.stage,
    status: decision.pet.state.status,
  };
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        random_value: decision.randomValue,
        outcome: result.succeeded ? 'helped' : 'helpMissed',
      },
      day,
      ownerEntry,
    ),
  );
  return { result, replayed: false, deliveries };
}

/**
 * `revive`, in three steps: read the player's pet and, once it has failed, the friends who joined
 * by their link since, decide (`decideRevive`), then write the revived pet and the action.
 */
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
  const since = invitesCountFrom(rules, pet.state, now.getTime());
  const decision = decideRevive({
    rules,
    nowMs: now.getTime(),
    pet,
    invitesSinceFailure: since === null ? 0 : await invitesSince(trx, campaign.row.id, participant.id, since),
  });
  refuse(decision, 'raise');
  return writeRevive(trx, input, entry, decision);
}

/** Writes a decided revival: the pet, the action. */
async function writeRevive(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  decision: Extract<ReviveDecision, { refusal: null }>,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  await savePet(trx, campaign, participant.id, decision.pet, now);
  const result = { revived: true, revivals: decision.pet.state.revivals };
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
