// The activity report's risk section and the operator's decisions from it: what the risk rules
// refused (by rule and day), the keys refused most (addresses, ranges, devices, user ids), the
// participants the device rules flagged with their rewards, the rewards on hold; putting a
// pending reward on hold and releasing it, and blocking a participant. Every decision is in the
// project's risk audit trail, written in the transaction that makes it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { AppError } from '../../errors';
import { recordRiskDecision } from '../../risk/riskAudit';
import { addToBlocklist, type Actor } from '../../risk/blocklist';
import type { RiskRule } from './riskRefusals';
import './riskTables';

type Db = Kysely<Database>;

/** How many of each kind of offender the report lists. */
export const TOP_OFFENDERS = 10;

export interface RiskReport {
  /** Refusals by local day and rule, oldest day first. */
  days: { day: string; rule: RiskRule; count: number }[];
  /** Refusals by rule in all. */
  byRule: Partial<Record<RiskRule, number>>;
  /** The keys refused most, per kind (`ip`, `subnet`, `device`, `user`). */
  offenders: { kind: string; value: string; refused: number; lastRule: string; lastAt: string }[];
  /** Participants the device rules flagged, with their rewards here. */
  flagged: {
    participantCode: string;
    userId: string | null;
    rule: string;
    rewards: number;
    held: number;
  }[];
  /** Rewards on hold, newest first. */
  held: {
    rewardId: string;
    participantCode: string;
    userId: string | null;
    prizeId: string;
    prizeName: string;
    heldAt: string;
    heldBy: string;
  }[];
}

/** The risk section of a campaign's activity report. */
export async function riskReport(db: Db, campaignId: string): Promise<RiskReport> {
  const days = await db
    .selectFrom('risk_refusals')
    .select(['day', 'rule', 'count'])
    .where('campaign_id', '=', campaignId)
    .orderBy('day')
    .orderBy('rule')
    .execute();
  const byRule: Partial<Record<RiskRule, number>> = {};
  for (const d of days) byRule[d.rule as RiskRule] = (byRule[d.rule as RiskRule] ?? 0) + Number(d.count);
  return {
    days: days.map((d) => ({ day: d.day, rule: d.rule as RiskRule, count: Number(d.count) })),
    byRule,
    offenders: await topOffenders(db, campaignId),
    flagged: await flaggedParticipants(db, campaignId),
    held: await heldRewards(db, campaignId),
  };
}

async function topOffenders(db: Db, campaignId: string): Promise<RiskReport['offenders']> {
  const out: RiskReport['offenders'] = [];
  for (const kind of ['ip', 'subnet', 'device', 'user']) {
    const rows = await db
      .selectFrom('risk_offenders')
      .select(['kind', 'value', 'refused', 'last_rule', 'last_at'])
      .where('campaign_id', '=', campaignId)
      .where('kind', '=', kind)
      .orderBy('refused', 'desc')
      .orderBy('last_at', 'desc')
      .limit(TOP_OFFENDERS)
      .execute();
    for (const r of rows)
      out.push({
        kind: r.kind,
        value: r.value,
        refused: Number(r.refused),
        lastRule: r.last_rule,
        lastAt: r.last_at,
      });
  }
  return out;
}

async function flaggedParticipants(db: Db, campaignId: string): Promise<RiskReport['flagged']> {
  const rows = await db
    .selectFrom('play_entries as e')
    .innerJoin('participants as p', 'p.id', 'e.participant_id')
    .leftJoin('reward_records as r', (join) =>
      join.onRef('r.campaign_id', '=', 'e.campaign_id').onRef('r.participant_id', '=', 'e.participant_id'),
    )
    .select([
      'p.code',
      'p.user_id',
      'e.risk_flag',
      sql<number>`count(r.id)`.as('rewards'),
      sql<number>`sum(case when r.held_at is not null then 1 else 0 end)`.as('held'),
    ])
    .where('e.campaign_id', '=', campaignId)
    .where('e.risk_flag', 'is not', null)
    .groupBy(['p.code', 'p.user_id', 'e.risk_flag'])
    .orderBy('p.code')
    .execute();
  return rows.map((r) => ({
    participantCode: r.code,
    userId: r.user_id,
    rule: r.risk_flag as string,
    rewards: Number(r.rewards),
    held: Number(r.held ?? 0),
  }));
}

async function heldRewards(db: Db, campaignId: string): Promise<RiskReport['held']> {
  const rows = await db
    .selectFrom('reward_records as r')
    .innerJoin('participants as p', 'p.id', 'r.participant_id')
    .select(['r.id', 'p.code', 'p.user_id', 'r.prize_id', 'r.prize_name', 'r.held_at', 'r.held_by'])
    .where('r.campaign_id', '=', campaignId)
    .where('r.held_at', 'is not', null)
    .orderBy('r.held_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    rewardId: r.id,
    participantCode: r.code,
    userId: r.user_id,
    prizeId: r.prize_id,
    prizeName: r.prize_name,
    heldAt: r.held_at as string,
    heldBy: r.held_by as string,
  }));
}

/** A campaign's reward for a hold or release decision (404 when the campaign has none of that id). */
async function rewardOf(db: Db, campaignId: string, rewardId: string) {
  const reward = await db
    .selectFrom('reward_records')
    .select(['id', 'project_id', 'award_status', 'held_at', 'prize_id'])
    .where('campaign_id', '=', campaignId)
    .where('id', '=', rewardId)
    .executeTakeFirst();
  if (!reward) throw new AppError('play.rewardNotFound');
  return reward;
}

/**
 * Puts a pending reward on hold: it is not delivered until released (its waiting delivery stops
 * waiting for its turn). Only a reward still pending can be held (409 `reward.notPending`);
 * holding a held one changes nothing.
 */
export async function holdReward(
  db: Db,
  campaign: { id: string; project_id: string },
  rewardId: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  const reward = await rewardOf(db, campaign.id, rewardId);
  if (reward.held_at !== null) return;
  if (reward.award_status !== 'pending') throw new AppError('reward.notPending');
  await db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('reward_records')
      .set({ held_at: now.toISOString(), held_by: actor.id })
      .where('id', '=', rewardId)
      .where('award_status', '=', 'pending')
      .where('held_at', 'is', null)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new AppError('reward.notPending');
    await trx
      .updateTable('reward_deliveries')
      .set({ state: 'held' })
      .where('reward_id', '=', rewardId)
      .where('state', '=', 'pending')
      .execute();
    await recordRiskDecision(trx, {
      projectId: campaign.project_id,
      campaignId: campaign.id,
      action: 'reward.hold',
      subject: rewardId,
      detail: { prizeId: reward.prize_id },
      actorId: actor.id,
      now,
    });
  });
}

/**
 * Releases a held reward: its delivery is due at once (the sender is woken by the caller), a system
 * prize is given. A reward not on hold answers 409 `reward.notHeld`.
 */
export async function releaseReward(
  db: Db,
  campaign: { id: string; project_id: string },
  rewardId: string,
  actor: Actor,
  now: Date,
): Promise<{ deliveries: number }> {
  await rewardOf(db, campaign.id, rewardId);
  return db.transaction().execute(async (trx) => {
    const released = await trx
      .updateTable('reward_records')
      .set({ held_at: null, held_by: null })
      .where('id', '=', rewardId)
      .where('held_at', 'is not', null)
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) !== 1) throw new AppError('reward.notHeld');
    // A system prize held from the start (its winner on the blocklist) is given on release.
    await trx
      .updateTable('reward_records')
      .set({ award_status: 'success', updated_at: now.toISOString() })
      .where('id', '=', rewardId)
      .where('delivery_type', '=', 'system')
      .where('award_status', '=', 'pending')
      .execute();
    const due = await trx
      .updateTable('reward_deliveries')
      .set({ state: 'pending', next_at: now.toISOString() })
      .where('reward_id', '=', rewardId)
      .where('state', '=', 'held')
      .executeTakeFirst();
    await recordRiskDecision(trx, {
      projectId: campaign.project_id,
      campaignId: campaign.id,
      action: 'reward.release',
      subject: rewardId,
      actorId: actor.id,
      now,
    });
    return { deliveries: Number(due.numUpdatedRows) };
  });
}

/**
 * Blocks a participant of the campaign from the whole project: their user id (an anonymous
 * participant: their device) goes on the blocklist, noted with the campaign, with a
 * `participant.block` audit row beside the list's own `block.add`.
 */
export async function blockParticipant(
  db: Db,
  campaign: { id: string; project_id: string; title?: string },
  participantCode: string,
  actor: Actor,
  now: Date,
): Promise<{ kind: 'user' | 'device'; value: string }> {
  const participant = await db
    .selectFrom('participants')
    .select(['id', 'user_id', 'device_id', 'code'])
    .where('project_id', '=', campaign.project_id)
    .where('code', '=', participantCode.toUpperCase())
    .executeTakeFirst();
  if (!participant || (participant.user_id === null && participant.device_id === null))
    throw new AppError('notFound');
  const target =
    participant.user_id !== null
      ? { kind: 'user' as const, value: participant.user_id }
      : { kind: 'device' as const, value: participant.device_id as string };
  await addToBlocklist(
    db,
    campaign.project_id,
    {
      kind: target.kind,
      values: [target.value],
      note: `participant ${participant.code} (campaign ${campaign.id})`,
    },
    actor,
    now,
  );
  await recordRiskDecision(db, {
    projectId: campaign.project_id,
    campaignId: campaign.id,
    action: 'participant.block',
    subject: participant.code,
    detail: target,
    actorId: actor.id,
    now,
  });
  return target;
}
