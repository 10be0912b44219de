// The dice board (the `dice` mechanic): a roll spends a chance (the initial dice and the dice its
// tasks grant, through the task source of tasks/taskProgress.ts), the server throws the die, the
// player moves that many cells round the board (passing the start is a lap), and a cell with a
// prize gives it within stock and budget. One transaction under the entry lock per roll.
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import {
  decideRoll,
  diceRulesOf,
  type DiceRules,
  type RollDecision,
  type RollSituation,
} from '../../../engine/play/dice';
import { taskRuleOf, type TaskRule } from '../../../engine/play/tasks';
import { entryReason, memoByConfig, reasonError, type PlayCampaign } from '../playCampaign';
import {
  actionRow,
  budgetState,
  chanceState,
  entryAfter,
  insertAction,
  saveEntry,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
  refuse,
} from '../playSteps';
import { givePrize, prizeAnswer, recordWin } from '../prizeSteps';
import type { ParticipantRow, RewardRecordRow } from '../playTables';
import './diceTables';

type Db = Kysely<Database> | Transaction<Database>;

/** The dice rules of a campaign (read once per parsed config). */
export const diceRules = memoByConfig((campaign: Pick<PlayCampaign, 'config'>): DiceRules =>
  diceRulesOf(campaign.config),
);

/** A participant's place on the board: their summary row (`play_dice_positions`), kept by each roll. */
export interface DicePlace {
  position: number;
  laps: number;
  rolls: number;
}

/** The place a roll just left, as its outcome hands it to the answer's `me.progress.dice`. */
interface DiceSummary extends DicePlace {
  readonly kind: 'dice';
}

function isDiceSummary(value: unknown): value is DiceSummary {
  return !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'dice';
}

async function positionOf(db: Db, campaignId: string, participantId: string): Promise<DicePlace> {
  return (
    (await db
      .selectFrom('play_dice_positions')
      .select(['position', 'laps', 'rolls'])
      .where('campaign_id', '=', campaignId)
      .where('participant_id', '=', participantId)
      .executeTakeFirst()) ?? { position: 0, laps: 0, rolls: 0 }
  );
}

/**
 * `roll`, in three steps: read the budget spent and the participant's place, decide the throw, the
 * move and the cell's prize (engine/play/dice.ts, `decideRoll`), then write the decision (the
 * prize given within its stock and the budget, the new place, the die spent, the action).
 */
export async function roll(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const budget = await budgetState(trx, campaign);
  const place = await positionOf(trx, campaign.row.id, participant.id);
  const situation: RollSituation = {
    rules: diceRules(campaign),
    chances: chanceState(campaign, entry, now),
    budget,
    place,
  };
  const decision = decideRoll(situation, randomInt(6));
  refuse(decision, 'play');
  const read = { entry, rolls: place.rolls + 1, from: place.position, spent: budget?.spentMicros };
  return writeRoll(trx, input, read, decision);
}

/** Writes a decided roll: the cell's prize (or the outcome that kept it), the place, the die spent. */
async function writeRoll(
  trx: Transaction<Database>,
  input: ActionInput,
  read: { entry: EntryRow; rolls: number; from: number; spent?: number },
  decision: Extract<RollDecision, { refusal: null }>,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const { entry } = read;
  const { moved, spend, prizeId } = decision;
  let spent = read.spent;
  let prize = prizeId
    ? campaign.prizes.find((p) => String(p.id) === prizeId && p.isThank !== true)
    : undefined;
  let outcome = prize ? 'win' : 'move';
  const rewardId = randomId();
  let couponCode: string | null = null;
  let valueMicros = 0;
  if (prize) {
    const given = await givePrize(trx, input, prize, rewardId);
    ({ couponCode, valueMicros } = given);
    if (given.outcome !== 'win') {
      outcome = given.outcome;
      prize = undefined;
    } else if (spent !== undefined) spent += valueMicros;
  }
  const place = {
    position: moved.position,
    laps: moved.laps,
    rolls: read.rolls,
    updated_at: now.toISOString(),
  };
  await trx
    .insertInto('play_dice_positions')
    .values({
      campaign_id: campaign.row.id,
      participant_id: participant.id,
      project_id: campaign.row.project_id,
      ...place,
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id']).doUpdateSet(place))
    .execute();
  const after = entryAfter(entry, spend, prize !== undefined);
  await saveEntry(trx, input, after);
  let deliveries = 0;
  let reward: RewardRecordRow | undefined;
  if (prize) {
    const written = await recordWin(trx, input, { prize, rewardId, couponCode, valueMicros, entry });
    deliveries = written.deliveries;
    reward = written.record;
  }
  const result = {
    roll: decision.roll,
    from: read.from,
    position: moved.position,
    laps: moved.laps,
    lapsAdded: moved.lapsAdded,
    cellPrizeId: prizeId,
    outcome,
    prize: prize ? prizeAnswer(prize, campaign) : null,
    rewardId: prize ? rewardId : null,
  };
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        random_value: decision.randomValue,
        prize_id: prize ? String(prize.id) : null,
        reward_id: prize ? rewardId : null,
        outcome,
      },
      spend,
      entry,
    ),
  );
  const summary: DiceSummary = {
    kind: 'dice',
    position: place.position,
    laps: place.laps,
    rolls: place.rolls,
  };
  return { result, replayed: false, deliveries, entry: after, spentMicros: spent, reward, summary };
}

/** The board the page draws (`campaign.game.dice`). */
export function diceGameView(campaign: PlayCampaign) {
  const rules = diceRules(campaign);
  return { boardSize: rules.boardSize, cells: rules.cells };
}

/** The participant's place (`me.progress.dice`): the one a roll just left, else read. */
export async function diceProgress(
  db: Db,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  given?: unknown,
) {
  if (isDiceSummary(given))
    return { dice: { position: given.position, laps: given.laps, rolls: given.rolls } };
  const place = participant
    ? await positionOf(db, campaign.row.id, participant.id)
    : { position: 0, laps: 0, rolls: 0 };
  return { dice: place };
}

/** A dice board's tasks as tasks: each completion grants `dice` rolls, `dailyLimit` a day (0 = unlimited). */
export const diceTasksOf = memoByConfig((campaign: Pick<PlayCampaign, 'config'>): TaskRule[] =>
  diceRules(campaign).tasks.map((task) =>
    taskRuleOf({
      id: task.id,
      event: task.event,
      limits: { daily: task.dailyLimit },
      chances: task.dice,
      status: 'online',
      progressSource: task.progressSource,
    }),
  ),
);
