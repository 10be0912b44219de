// The draw (the `draw` mechanic: wheel, boxes, cards, lottery), in three steps: read what the
// decision needs once (the budget spent, the participant's wins), decide in engine/play/draw.ts
// (`decideDraw`: the chance spent and the prize drawn at its odds among those the participant may
// win now), then write the decision (the prize given within its stock, the budget and its code
// pool, else the thank-you prize; the chance counters; the reward and the action). A daily
// sub-activity may draw on its bound campaign's chances (parentChances.ts).
import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import { decideDraw, type DrawSituation } from '../../../engine/play/draw';
import { drawPrizeOf, entryReason, reasonError } from '../playCampaign';
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
import {
  givePrize,
  limitsWins,
  participantDrawState,
  recordWin,
  prizeAnswer,
  thankPrize,
} from '../prizeSteps';
import type { RewardRecordRow } from '../playTables';
import { parentSituation, spendParentChance, type ParentLink } from './parentChances';

type Decided = Extract<ReturnType<typeof decideDraw>, { refusal: null }>;

/** `draw`: one chance spent, one prize drawn and given (or the thank-you prize). */
export async function draw(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  parent?: ParentLink,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const situation = await readDrawSituation(trx, input, entry, parent);
  const decision = decideDraw(situation, randomInt(10_000));
  refuse(decision, 'play');
  return writeDraw(trx, input, { entry, parent, spentMicros: situation.budget?.spentMicros }, decision);
}

/**
 * Reads what a draw decides on, once: the budget spent (when the campaign has a budget) and the
 * participant's wins (when a prize limits them). Stock, budget and code pools are not read: the
 * conditional writes of givePrize decide them, so concurrent draws never oversell.
 */
export async function readDrawSituation(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  parent?: ParentLink,
): Promise<DrawSituation> {
  const { campaign, participant, now } = input;
  const budget = await budgetState(trx, campaign);
  return {
    own: chanceState(campaign, entry, now),
    ...(parent ? { parent: parentSituation(parent, now) } : {}),
    prizes: campaign.prizes.map((prize) => ({ ...drawPrizeOf(prize), unlimitedStock: true })),
    state: await participantDrawState(trx, campaign, participant, limitsWins(campaign)),
    budget,
  };
}

/**
 * Writes a decided draw: the prize drawn is taken (stock, budget, a code) by conditional writes,
 * and one that cannot be given turns into the thank-you prize, exactly as if its odds had been
 * moved there; the chance is spent whatever the prize (the bound campaign's, when it is its
 * chances); a prize given is recorded with its delivery; the action keeps the odds and the value
 * drawn.
 */
async function writeDraw(
  trx: Transaction<Database>,
  input: ActionInput,
  read: { entry: EntryRow; parent?: ParentLink; spentMicros?: number },
  decision: Decided,
): Promise<ActionOutcome> {
  const { campaign } = input;
  const { entry, parent } = read;
  const { spend, picked, table } = decision;
  let spent = read.spentMicros;
  let prize =
    picked.prizeId !== null && !picked.isThank
      ? campaign.prizes.find((p) => String(p.id) === picked.prizeId)
      : undefined;
  let outcome: string = prize ? 'win' : 'thanks';
  let couponCode: string | null = null;
  let valueMicros = 0;
  const rewardId = randomId();
  if (prize) {
    ({ outcome, couponCode, valueMicros } = await givePrize(trx, input, prize, rewardId));
    if (outcome !== 'win') prize = undefined;
    else if (spent !== undefined) spent += valueMicros;
  }

  const after = entryAfter(entry, decision.fromParent ? null : spend, prize !== undefined);
  if (parent) await spendParentChance(trx, input, parent, spend);
  await saveEntry(trx, input, after);

  let deliveries = 0;
  let reward: RewardRecordRow | undefined;
  if (prize) {
    const written = await recordWin(trx, input, { prize, rewardId, couponCode, valueMicros, entry });
    deliveries = written.deliveries;
    reward = written.record;
  }

  const answerPrize = prize ?? thankPrize(campaign);
  const result = { prize: prizeAnswer(answerPrize, campaign), rewardId: prize ? rewardId : null };
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        odds: JSON.stringify(table.entries.map((e) => ({ prizeId: e.prizeId, hundredths: e.hundredths }))),
        random_value: decision.randomValue,
        prize_id: answerPrize ? String(answerPrize.id) : null,
        reward_id: prize ? rewardId : null,
        outcome,
      },
      spend,
      entry,
    ),
  );
  return { result, replayed: false, deliveries, entry: after, spentMicros: spent, reward };
}
