// The coin pool's participant actions: `stake` (held coins into the running round) and
// `claimShare` (a settled round's share, once, within the claim time). Each reads what it needs
// once inside the action's transaction (under the participant's entry lock), decides in the engine
// (engine/play/pool.ts) and writes the decision.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import {
  claimedRound,
  decideClaim,
  decideStake,
  type ClaimDecision,
  type ShareHeld,
  type StakeDecision,
} from '../../../engine/play/pool';
import { playDay } from '../../../engine/play/playDay';
import { entryReason, reasonError, type Config } from '../playCampaign';
import {
  actionRow,
  insertAction,
  refuse,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
} from '../playSteps';
import { writeReward } from '../rewardWrite';
import type { ReadSummary } from '../participantSummary';
import { addRecord, poolOwner, poolRules, poolSummaries, type PoolSummary } from './poolService';
import './poolTables';

/**
 * `stake`, in three steps: read the coins held, decide (`decideStake`: the coins asked, the running
 * round, the balance), then write the `deduct` record and the action. The entry lock makes two
 * stakes at once take turns, so they cannot spend the same coins.
 */
export async function stake(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  // The coins held, from the participant's summary (read under their entry lock).
  const mine = await poolSummaries.read(trx, poolOwner(campaign.row, participant.id));
  const decision = decideStake({
    rounds: poolRules(campaign).rounds,
    nowMs: now.getTime(),
    asked: input.body.coins,
    balance: mine.summary.earned - mine.summary.staked,
  });
  refuse(decision, 'pool');
  return writeStake(trx, input, entry, decision, mine);
}

/** Writes a decided stake: the coins deducted into the round (ref `stake:<key>`), the action. */
async function writeStake(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  decision: Extract<StakeDecision, { refusal: null }>,
  mine: ReadSummary<PoolSummary>,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const added = await addRecord(trx, campaign.row, participant.id, {
    kind: 'deduct',
    amount: decision.coins,
    round: decision.round,
    ref: `stake:${input.key}`,
    at: now.toISOString(),
  });
  const result = { round: decision.round, staked: decision.coins, balance: decision.balance };
  await insertAction(
    trx,
    actionRow(
      input,
      { result: JSON.stringify(result), outcome: 'stake' },
      playDay(now.getTime(), campaign.timezone),
      entry,
    ),
  );
  const summary = added ? staked(mine.summary, decision.round, decision.coins) : mine.summary;
  await poolSummaries.write(trx, poolOwner(campaign.row, participant.id), mine.version, summary);
  return { result, replayed: false, deliveries: 0, summary };
}

/** A summary after a stake of `coins` into `round`. */
function staked(summary: PoolSummary, round: number, coins: number): PoolSummary {
  const before = Object.hasOwn(summary.rounds, round) ? summary.rounds[round] : undefined;
  return {
    ...summary,
    staked: summary.staked + coins,
    rounds: {
      ...summary.rounds,
      [round]: { staked: (before?.staked ?? 0) + coins, earned: before?.earned ?? [] },
    },
  };
}

/** The participant's share of a round (from their summary), or null (none, or no such round). */
function shareHeld(input: ActionInput, summary: PoolSummary, round: number | null): ShareHeld | null {
  if (round === null || !poolRules(input.campaign).rounds[round]) return null;
  const held = Object.hasOwn(summary.shares, round) ? summary.shares[round] : undefined;
  return held ? { share: held.share, claimed: held.claimed, expired: held.expired } : null;
}

/**
 * `claimShare { round }`, in three steps: read the participant's share of that round, decide
 * (`decideClaim`: a share to claim, not claimed, within the claim time), then write: the share taken
 * once by a conditional update, the system-issued reward record, the `claim` record, the action.
 */
export async function claimShare(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, now } = input;
  const rules = poolRules(campaign);
  const asked = input.body.round;
  // The participant's shares, from their summary (read under their entry lock).
  const mine = await poolSummaries.read(trx, poolOwner(campaign.row, input.participant.id));
  const decision = decideClaim({
    rounds: rules.rounds,
    claimHours: rules.claimHours,
    nowMs: now.getTime(),
    asked,
    held: shareHeld(input, mine.summary, claimedRound(asked)),
  });
  refuse(decision, 'pool');
  return writeClaim(trx, input, entry, decision, mine);
}

/** The reward of a share: a system-issued record naming the amount. */
function sharePrize(share: number, round: number): Config {
  return {
    id: 'pool-share',
    name: { 'zh-CN': `奖池瓜分 ${share}`, 'en-US': `Pool share ${share}` },
    deliveryType: 'system',
    isThank: false,
    amount: share,
    round,
  };
}

/** Writes a decided claim: the share taken (once), its reward record, the `claim` record, the action. */
async function writeClaim(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  decision: Extract<ClaimDecision, { refusal: null }>,
  mine: ReadSummary<PoolSummary>,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const { round, share } = decision;
  const rewardId = randomId();
  const at = now.toISOString();
  const taken = await trx
    .updateTable('play_pool_shares')
    .set({ claimed_at: at, reward_id: rewardId })
    .where('campaign_id', '=', campaign.row.id)
    .where('round', '=', round)
    .where('participant_id', '=', participant.id)
    .where('claimed_at', 'is', null)
    .where('expired_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError('pool.claimed');
  const written = await writeReward(trx, input, {
    prize: sharePrize(share, round),
    rewardId,
    couponCode: null,
    valueMicros: 0,
    entry,
    at,
  });
  await addRecord(trx, campaign.row, participant.id, {
    kind: 'claim',
    amount: share,
    round,
    ref: `claim:${round}`,
    at,
  });
  const result = { round, share, rewardId };
  await insertAction(
    trx,
    actionRow(
      input,
      { result: JSON.stringify(result), outcome: 'win', prize_id: 'pool-share', reward_id: rewardId },
      playDay(now.getTime(), campaign.timezone),
      entry,
    ),
  );
  const held = mine.summary.shares[round];
  const summary: PoolSummary = {
    ...mine.summary,
    shares: { ...mine.summary.shares, [round]: { ...held, claimed: true } },
  };
  await poolSummaries.write(trx, poolOwner(campaign.row, participant.id), mine.version, summary);
  return { result, replayed: false, deliveries: written.deliveries, reward: written.record, summary };
}
