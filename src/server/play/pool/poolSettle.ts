// The coin pool's rounds shared out and their unclaimed shares expired, each inside the
// scheduler's job transaction (poolRoutes.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { claimDeadline, shareOut } from '../../../engine/play/pool';
import { scheduleJob } from '../../scheduler/scheduledJobs';
import type { Config } from '../playCampaign';
import {
  POOL_EXPIRE_JOB,
  POOL_SETTLE_JOB,
  addRecord,
  poolOwner,
  poolRulesOf,
  poolSummaries,
} from './poolService';
import './poolTables';

type PoolCampaign = {
  row: { id: string; project_id: string; start_time: string; end_time: string };
  config: Config;
};
type PoolRules = ReturnType<typeof poolRulesOf>;
type Round = PoolRules['rounds'][number];

/** Takes a round for settling: true for the one transaction whose row is new. */
async function takeRound(trx: Transaction<Database>, campaign: PoolCampaign, round: Round, at: string) {
  const taken = await trx
    .insertInto('play_pool_rounds')
    .values({
      campaign_id: campaign.row.id,
      round: round.index,
      project_id: campaign.row.project_id,
      settled_at: at,
      staked: 0,
      shared: 0,
      audit: '{}',
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'round']).doNothing())
    .executeTakeFirst();
  return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Each staker's coins in a round, by participant. */
async function roundStakes(trx: Transaction<Database>, campaignId: string, round: number) {
  const stakes = await trx
    .selectFrom('play_coin_records')
    .select(['participant_id'])
    .select((eb) => eb.fn.sum<number>('amount').as('coins'))
    .where('campaign_id', '=', campaignId)
    .where('round', '=', round)
    .where('kind', '=', 'deduct')
    .groupBy('participant_id')
    .orderBy('participant_id')
    .execute();
  return stakes.map((s) => ({ participantId: s.participant_id, coins: Number(s.coins) }));
}

/**
 * Writes a round's shares (a row per staker), its totals and audit, and plans the expiry of its
 * unclaimed shares.
 */
async function writeShares(
  trx: Transaction<Database>,
  campaign: PoolCampaign,
  round: Round,
  rules: PoolRules,
  shares: ReturnType<typeof shareOut>,
  now: Date,
) {
  for (const s of shares) {
    // A job, outside the stakers' entry locks: their summaries are rebuilt by their next read.
    await poolSummaries.markStale(trx, poolOwner(campaign.row, s.participantId));
    await trx
      .insertInto('play_pool_shares')
      .values({
        campaign_id: campaign.row.id,
        round: round.index,
        participant_id: s.participantId,
        project_id: campaign.row.project_id,
        coins: s.coins,
        share: s.share,
        claimed_at: null,
        reward_id: null,
        expired_at: null,
      })
      .execute();
  }
  const staked = shares.reduce((sum, s) => sum + s.coins, 0);
  const shared = shares.reduce((sum, s) => sum + s.share, 0);
  await trx
    .updateTable('play_pool_rounds')
    .set({
      staked,
      shared,
      audit: JSON.stringify({
        total: rules.total,
        perUserMax: rules.perUserMax,
        shares,
        unshared: rules.total - shared,
      }),
    })
    .where('campaign_id', '=', campaign.row.id)
    .where('round', '=', round.index)
    .execute();
  if (shares.length > 0)
    await scheduleJob(trx as Kysely<Database>, {
      projectId: campaign.row.project_id,
      kind: POOL_EXPIRE_JOB,
      subjectId: campaign.row.id,
      runAt: new Date(claimDeadline(round, rules.claimHours)),
      payload: { round: round.index },
      now,
    });
}

/**
 * Settles every ended round not settled yet, in order, each once (its round row is taken first
 * with `ON CONFLICT DO NOTHING`): the stakes of the round shared by `shareOut`, one share row per
 * staker, the audit of every share. Plans the next settlement and the expiry of the shares.
 */
export async function settleRounds(
  trx: Transaction<Database>,
  campaign: PoolCampaign,
  now: Date,
): Promise<number> {
  const rules = poolRulesOf(campaign.row, campaign.config);
  const at = now.toISOString();
  let settled = 0;
  for (const round of rules.rounds) {
    if (round.toMs > now.getTime()) break;
    if (!(await takeRound(trx, campaign, round, at))) continue;
    const stakes = await roundStakes(trx, campaign.row.id, round.index);
    await writeShares(trx, campaign, round, rules, shareOut(rules.total, stakes, rules.perUserMax), now);
    settled += 1;
  }
  const next = rules.rounds.find((r) => r.toMs > now.getTime());
  if (next)
    await scheduleJob(trx as Kysely<Database>, {
      projectId: campaign.row.project_id,
      kind: POOL_SETTLE_JOB,
      subjectId: campaign.row.id,
      runAt: new Date(next.toMs),
      now,
    });
  return settled;
}

/** Marks a round's unclaimed shares expired once the claim time is over (coin record `expired`). */
export async function expireShares(
  trx: Transaction<Database>,
  campaign: PoolCampaign,
  roundIndex: number,
  now: Date,
): Promise<number> {
  const rules = poolRulesOf(campaign.row, campaign.config);
  const round = rules.rounds[roundIndex];
  if (!round || now.getTime() < claimDeadline(round, rules.claimHours)) return 0;
  const at = now.toISOString();
  const open = await trx
    .selectFrom('play_pool_shares')
    .select(['participant_id', 'share'])
    .where('campaign_id', '=', campaign.row.id)
    .where('round', '=', roundIndex)
    .where('claimed_at', 'is', null)
    .where('expired_at', 'is', null)
    .execute();
  let expired = 0;
  for (const share of open) {
    const marked = await trx
      .updateTable('play_pool_shares')
      .set({ expired_at: at })
      .where('campaign_id', '=', campaign.row.id)
      .where('round', '=', roundIndex)
      .where('participant_id', '=', share.participant_id)
      .where('claimed_at', 'is', null)
      .where('expired_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) continue;
    await poolSummaries.markStale(trx, poolOwner(campaign.row, share.participant_id));
    await addRecord(trx, campaign.row, share.participant_id, {
      kind: 'expired',
      amount: share.share,
      round: roundIndex,
      ref: `expired:${roundIndex}`,
      at,
    });
    expired += 1;
  }
  return expired;
}
