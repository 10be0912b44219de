// The daily sign-in (the `check-in` mechanic, daily sign-in gameplay and sign-in sub-activity): one
// check-in per local day of the campaign's time zone, a make-up of a missed day when the config
// allows it (paid by shares that day when it says so), and the rewards of the engine's rules
// (engine/play/checkIn.ts): the cycle day's, consecutive days' and accumulated days'. The check-in
// row's primary key (participant, day) and the entry lock make a day count once.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { AppError } from '../../errors';
import {
  checkInRulesOf,
  decideCheckIn,
  isMakeUpAsk,
  makeUpDays,
  nextCheckIn,
  EMPTY_CHECK_IN,
  type CheckInDecision,
  type CheckInRules,
  type CheckInSituation,
  type CheckInState,
} from '../../../engine/play/checkIn';
import { playDay } from '../../../engine/play/playDay';
import { daysBetween } from '../../../engine/play/periods';
import { entryReason, memoByConfig, reasonError, type PlayCampaign } from '../playCampaign';
import {
  actionRow,
  entryAfter,
  insertAction,
  saveEntry,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
  refuse,
} from '../playSteps';
import { awardPrize } from '../prizeSteps';
import type { ParticipantRow, RewardRecordRow } from '../playTables';
import {
  isCheckInSummary,
  readCheckInSummary,
  rulesKey,
  saveCheckIn,
  type CheckInOwner,
  type CheckInSummary,
} from './checkInSummary';
import './checkInTables';

type Db = Kysely<Database> | Transaction<Database>;

/** The check-in rules of a campaign (read once per parsed config). */
export const checkInRules = memoByConfig((campaign: Pick<PlayCampaign, 'config'>): CheckInRules =>
  checkInRulesOf(campaign.config),
);

/** Where a participant's check-in summary belongs. */
function ownerOf(campaign: PlayCampaign, participant: ParticipantRow): CheckInOwner {
  return { campaignId: campaign.row.id, projectId: campaign.row.project_id, participantId: participant.id };
}

/** Shares the participant made on a local day (they pay for make-ups when the config says so). */
async function sharesOn(db: Db, campaignId: string, participantId: string, day: string) {
  const row = await db
    .selectFrom('play_actions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .where('action', '=', 'share')
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function makeUpsOn(db: Db, campaignId: string, participantId: string, day: string) {
  const row = await db
    .selectFrom('play_actions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .where('action', '=', 'checkIn')
    .where('outcome', '=', 'makeUp')
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The local day the campaign starts on (make-ups never reach before it). */
function firstDayOf(campaign: PlayCampaign): string {
  return playDay(Date.parse(campaign.row.start_time), campaign.timezone);
}

/**
 * `checkIn`: today's check-in, or with `{ day }` a make-up of that missed day, in three steps: read
 * the participant's sign-in summary (and today's shares and make-ups when a make-up is paid by shares),
 * decide the day, the state after it and its rewards (engine/play/checkIn.ts, `decideCheckIn`),
 * then write the decision. Answers the day, the cycle day it filled and each reward given (or why
 * a reward's prize could not be given).
 */
export async function checkIn(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const rules = checkInRules(campaign);
  const today = playDay(now.getTime(), campaign.timezone);
  const asked = input.body.day;
  const campaignId = campaign.row.id;
  const summary = await readCheckInSummary(trx, ownerOf(campaign, participant), rules, now, false);
  const paid = isMakeUpAsk(asked, today) && rules.allowMakeUp && rules.makeUpShares > 0;
  const situation: CheckInSituation = {
    rules,
    state: summary.state,
    today,
    firstDay: firstDayOf(campaign),
    asked,
    paidToday: paid
      ? {
          shares: await sharesOn(trx, campaignId, participant.id, today),
          makeUps: await makeUpsOn(trx, campaignId, participant.id, today),
        }
      : null,
  };
  const decision = decideCheckIn(situation);
  refuse(decision, 'checkIn');
  return writeCheckIn(trx, input, { entry, today, summary }, decision);
}

type CheckInToWrite = Extract<CheckInDecision, { refusal: null }>;

/** The day's check-in row; under the entry lock it is new (if not, the day was taken meanwhile). */
async function insertCheckInDay(trx: Transaction<Database>, input: ActionInput, decision: CheckInToWrite) {
  const { campaign, participant, now } = input;
  const { state } = decision;
  const inserted = await trx
    .insertInto('play_checkins')
    .values({
      campaign_id: campaign.row.id,
      participant_id: participant.id,
      day: decision.day,
      project_id: campaign.row.project_id,
      make_up: decision.makeUp ? 1 : 0,
      cycle: state.cycle,
      position: state.position,
      streak: state.streak,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id', 'day']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AppError('checkIn.alreadyCheckedIn');
}

/**
 * Gives each reward the check-in earned within its stock and the budget: the answer's rows (a
 * prize not given says why), the deliveries queued and the first reward record.
 */
async function giveCheckInRewards(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  earned: CheckInToWrite['rewards'],
) {
  const rewards: Record<string, unknown>[] = [];
  let deliveries = 0;
  let first: RewardRecordRow | undefined;
  for (const reward of earned) {
    const prize = input.campaign.prizes.find((p) => String(p.id) === reward.prizeId);
    if (!prize) continue;
    const award = await awardPrize(trx, input, prize, entry);
    const row = { kind: reward.kind, days: reward.days, prizeId: reward.prizeId };
    if (award.outcome !== 'win') {
      rewards.push({ ...row, rewardId: null, outcome: award.outcome });
      continue;
    }
    deliveries += award.deliveries;
    first ??= award.record;
    rewards.push({ ...row, rewardId: award.rewardId, outcome: 'win' });
  }
  return { rewards, deliveries, first };
}

/** Writes a decided check-in: the day's row, each reward within its stock and the budget, the action. */
async function writeCheckIn(
  trx: Transaction<Database>,
  input: ActionInput,
  read: { entry: EntryRow; today: string; summary: CheckInSummary },
  decision: CheckInToWrite,
): Promise<ActionOutcome> {
  const { entry, today } = read;
  const { day, makeUp, state } = decision;
  const { campaign, participant, now } = input;
  await insertCheckInDay(trx, input, decision);
  const summary = await saveCheckIn(
    trx,
    ownerOf(campaign, participant),
    checkInRules(campaign),
    read.summary,
    decision,
    now,
  );
  const { rewards, deliveries, first } = await giveCheckInRewards(trx, input, entry, decision.rewards);
  const won = rewards.some((r) => r.outcome === 'win');
  const after = entryAfter(entry, null, won);
  await saveEntry(trx, input, after);
  const result = {
    day,
    makeUp,
    cycle: state.cycle,
    position: state.position,
    streak: state.streak,
    total: state.total,
    rewards,
  };
  const firstWin = rewards.find((r) => r.outcome === 'win');
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        outcome: makeUp ? 'makeUp' : 'checkIn',
        prize_id: firstWin ? String(firstWin.prizeId) : null,
        reward_id: firstWin ? String(firstWin.rewardId) : null,
      },
      today,
      entry,
    ),
  );
  return { result, replayed: false, deliveries, entry: after, reward: first, summary };
}

/** The check-in rules the page draws (`campaign.game.checkIn`). */
export function checkInGameView(campaign: PlayCampaign) {
  const rules = checkInRules(campaign);
  return {
    cycleDays: rules.cycleDays,
    resetMode: rules.resetMode,
    loop: rules.loop,
    allowMakeUp: rules.allowMakeUp,
    makeUpShares: rules.makeUpShares,
    makeUpLimit: rules.makeUpLimit,
    daily: [...rules.daily].map(([day, prizeId]) => ({ day, prizeId })).sort((a, b) => a.day - b.day),
    consecutive: rules.consecutive,
    accumulated: rules.accumulated,
  };
}

/**
 * The participant's sign-in (`me.progress.checkIn`): the cycle so far, today, make-ups, ladders;
 * from their sign-in summary (the one a check-in just left, else the stored row).
 */
export async function checkInProgress(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  now: Date,
  given?: unknown,
) {
  const rules = checkInRules(campaign);
  const today = playDay(now.getTime(), campaign.timezone);
  const summary =
    isCheckInSummary(given) && given.rules === rulesKey(rules)
      ? given
      : participant
        ? await readCheckInSummary(db, ownerOf(campaign, participant), rules, now)
        : null;
  const state: CheckInState = summary?.state ?? EMPTY_CHECK_IN;
  const next = nextCheckIn(rules, state, today);
  const makeUps = participant ? makeUpDays(rules, state, today, firstDayOf(campaign)) : [];
  const shares =
    participant && rules.allowMakeUp && rules.makeUpShares > 0
      ? await sharesOn(db, campaign.row.id, participant.id, today)
      : 0;
  const madeUpToday =
    participant && rules.makeUpShares > 0 ? await makeUpsOn(db, campaign.row.id, participant.id, today) : 0;
  return {
    checkIn: {
      today,
      checkedToday: state.lastDay === today,
      canCheckIn: !('refused' in next),
      refusal: 'refused' in next ? next.refused : null,
      next: 'refused' in next ? null : { cycle: next.cycle, position: next.position },
      cycle: state.cycle,
      position: state.position,
      // A streak that ended before yesterday is over.
      streak: state.lastDay !== null && daysBetween(state.lastDay, today) <= 1 ? state.streak : 0,
      cycleStreak: state.lastDay !== null && daysBetween(state.lastDay, today) <= 1 ? state.cycleStreak : 0,
      total: state.total,
      lastDay: state.lastDay,
      // The current cycle's check-ins, by cycle day.
      days: (summary?.days ?? []).map((r) => ({ day: r.day, position: r.position, makeUp: r.makeUp })),
      makeUpDays: makeUps,
      makeUpsLeft:
        rules.makeUpShares > 0 ? Math.max(0, Math.floor(shares / rules.makeUpShares) - madeUpToday) : null,
      sharesToday: shares,
    },
  };
}
