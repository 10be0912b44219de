// The coin pool (the `pool` mechanic): participants earn coins from tasks (the app's events,
// received through the SDK), stake them into the running round, and when the round ends the pool
// is shared in proportion to the stakes (`pool.settle`, once per round, with an audit of every
// share, poolSettle.ts). A share is claimed within `claimValidHours` (a reward record) or expires unclaimed.
// Coin records: earn, deduct (staked), claim, expired. The participant's actions, `stake` and
// `claimShare`, are poolActions.ts.
import { movesProgress, progressSourceOf, type ProgressSource } from '../../../engine/play/progressSource';
import { countRefusals, ignoredEvent as refusal, type RefusalCount } from '../risk/riskRefusals';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { claimDeadline, poolRounds, roundAt, roundState, type PoolRound } from '../../../engine/play/pool';
import { isPoolConfig } from '../../../engine/play/configShapes';
import { findOrCreateParticipant } from '../participants';
import { list, memoByConfig, obj, type Config, type PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import type { IngestEvent } from '../../sdk/validateSdkEvent';
import type { CampaignRow } from '../../db/campaignTables';
import { summaryStore, type SummaryOwner } from '../participantSummary';
import './poolTables';

type Db = Kysely<Database> | Transaction<Database>;

/** A coin pool shares each round's pool when the round ends (handler in poolRoutes.ts). */
export const POOL_SETTLE_JOB = 'pool.settle';
export const POOL_EXPIRE_JOB = 'pool.expire';

/**
 * When a coin pool's settling job runs: at the end of the first round ending after now (the
 * campaign's end at the latest), never before now; each settling plans the one after.
 */
export function nextSettleAt(
  row: { start_time: string; end_time: string },
  config: Config,
  now: Date,
): number {
  const rounds = poolRounds(
    Date.parse(row.start_time),
    Date.parse(row.end_time),
    typeof config.drawTime === 'string' ? Date.parse(config.drawTime) : Number.NaN,
    typeof config.roundHours === 'number' ? config.roundHours : 24,
  );
  const end = rounds.find((r) => r.toMs > now.getTime())?.toMs ?? Date.parse(row.end_time);
  return Math.max(now.getTime(), end);
}

export interface PoolRules {
  total: number;
  perUserMax: number;
  roundHours: number;
  claimHours: number;
  rounds: PoolRound[];
  tasks: { id: string; event: string; coins: number; progressSource: ProgressSource }[];
}

const int = (value: unknown, fallback = 0) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;

export function poolRulesOf(row: { start_time: string; end_time: string }, config: Config): PoolRules {
  const pool = obj(config.pool);
  const roundHours = int(config.roundHours, 24) || 24;
  const drawMs = typeof config.drawTime === 'string' ? Date.parse(config.drawTime) : Number.NaN;
  return {
    total: int(pool.total),
    perUserMax: int(pool.perUserMax),
    roundHours,
    claimHours: int(config.claimValidHours, 24) || 24,
    rounds: poolRounds(Date.parse(row.start_time), Date.parse(row.end_time), drawMs, roundHours),
    tasks: list(config.tasks)
      .map((t) => ({
        id: String(t.id ?? ''),
        event: String(t.event ?? ''),
        coins: int(t.coins),
        progressSource: progressSourceOf(t.progressSource),
      }))
      .filter((t) => t.id && t.event && t.coins > 0),
  };
}

/** The pool rules of a campaign being played (read once per parsed config and row version). */
export const poolRules = memoByConfig((campaign: Pick<PlayCampaign, 'row' | 'config'>) =>
  poolRulesOf(campaign.row, campaign.config),
);

export { isPoolConfig };

/** A participant's stake and tasks done in one round (their coin records of that round). */
export interface PoolRoundSummary {
  /** Coins staked in the round. */
  staked: number;
  /** Refs of the task coins earned in the round (`task:<id>:<round>`), sorted. */
  earned: string[];
}

/** A participant's share of a settled round. */
export interface PoolShareSummary {
  coins: number;
  share: number;
  claimed: boolean;
  expired: boolean;
}

/**
 * A participant's summary in a coin pool: coins earned and staked in all (the balance), each
 * round's stake and tasks done (by round index), and their share of each settled round.
 */
export interface PoolSummary {
  earned: number;
  staked: number;
  rounds: Record<string, PoolRoundSummary>;
  shares: Record<string, PoolShareSummary>;
}

/**
 * The coin pool summaries (participantSummary.ts): kept by `stake` and `claimShare`; coins earned
 * by an SDK event, a round settled and a share expired mark it stale.
 */
export const poolSummaries = summaryStore<PoolSummary>(
  'play_pool_summaries',
  async (db, { campaignId, participantId }) => {
    const records = await db
      .selectFrom('play_coin_records')
      .select(['kind', 'amount', 'round', 'ref'])
      .where('campaign_id', '=', campaignId)
      .where('participant_id', '=', participantId)
      .where('kind', 'in', ['earn', 'deduct'])
      .execute();
    const shares = await db
      .selectFrom('play_pool_shares')
      .select(['round', 'coins', 'share', 'claimed_at', 'expired_at'])
      .where('campaign_id', '=', campaignId)
      .where('participant_id', '=', participantId)
      .execute();
    const summary: PoolSummary = { earned: 0, staked: 0, rounds: {}, shares: {} };
    for (const r of records) {
      const amount = Number(r.amount);
      const round = r.round === null ? null : (summary.rounds[r.round] ??= { staked: 0, earned: [] });
      if (r.kind === 'earn') {
        summary.earned += amount;
        round?.earned.push(r.ref);
      } else {
        summary.staked += amount;
        if (round) round.staked += amount;
      }
    }
    for (const round of Object.values(summary.rounds)) round.earned.sort();
    for (const s of shares)
      summary.shares[s.round] = {
        coins: Number(s.coins),
        share: Number(s.share),
        claimed: s.claimed_at !== null,
        expired: s.expired_at !== null,
      };
    return summary;
  },
);

/** Whose pool summary: a participant's in a campaign. */
export const poolOwner = (
  campaign: { id: string; project_id: string },
  participantId: string,
): SummaryOwner => ({ campaignId: campaign.id, projectId: campaign.project_id, participantId });

/** Coins a participant holds: earned minus staked. */
export async function coinBalance(db: Db, campaignId: string, participantId: string): Promise<number> {
  const rows = await db
    .selectFrom('play_coin_records')
    .select(['kind'])
    .select((eb) => eb.fn.sum<number>('amount').as('n'))
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .where('kind', 'in', ['earn', 'deduct'])
    .groupBy('kind')
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return of('earn') - of('deduct');
}

async function stakedIn(db: Db, campaignId: string, round: number, participantId?: string) {
  let query = db
    .selectFrom('play_coin_records')
    .select((eb) => eb.fn.sum<number>('amount').as('n'))
    .where('campaign_id', '=', campaignId)
    .where('round', '=', round)
    .where('kind', '=', 'deduct');
  if (participantId) query = query.where('participant_id', '=', participantId);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

export async function addRecord(
  trx: Db,
  campaign: { id: string; project_id: string },
  participantId: string,
  record: { kind: string; amount: number; round: number | null; ref: string; at: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('play_coin_records')
    .values({
      id: randomId(),
      project_id: campaign.project_id,
      campaign_id: campaign.id,
      participant_id: participantId,
      kind: record.kind,
      amount: record.amount,
      round: record.round,
      ref: record.ref,
      created_at: record.at,
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id', 'ref']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * SDK events inside the ingest transaction: an event of a task of a running coin pool of the
 * project, for a user id, earns that participant the task's coins once per round.
 */
export async function earnCoinsByEvents(
  trx: Transaction<Database>,
  projectId: string,
  events: readonly IngestEvent[],
  now: Date,
  /** The project's running campaigns (runningCampaigns), read once for every hook. */
  campaigns: readonly CampaignRow[],
): Promise<number> {
  const withUser = events.filter((e) => e.userId);
  if (withUser.length === 0) return 0;
  const at = now.toISOString();
  let earned = 0;
  // App events the task does not take from the SDK: stored, counted for the report, moving nothing.
  const ignored: RefusalCount[] = [];
  for (const row of campaigns) {
    const config = JSON.parse(row.config) as Config;
    if (!isPoolConfig(config)) continue;
    const rules = poolRulesOf(row, config);
    const byEvent = new Map(rules.tasks.map((t) => [t.event, t]));
    for (const event of withUser) {
      const task = byEvent.get(event.name);
      const round = task ? roundAt(rules.rounds, Date.parse(event.time)) : null;
      if (!task || !round) continue;
      if (!movesProgress(task.progressSource, event.via)) {
        ignored.push(refusal(row, now.getTime()));
        continue;
      }
      const { participant } = await findOrCreateParticipant(
        trx,
        { projectId, userId: event.userId as string, via: 'sdk' },
        now,
      );
      if (
        await addRecord(trx, row, participant.id, {
          kind: 'earn',
          amount: task.coins,
          round: round.index,
          ref: `task:${task.id}:${round.index}`,
          at,
        })
      ) {
        earned += 1;
        // Outside the participant's entry lock: their summary is rebuilt by their next read.
        await poolSummaries.markStale(trx, poolOwner(row, participant.id));
      }
    }
  }
  await countRefusals(trx, ignored);
  return earned;
}

/**
 * What the page shows of the pool (`me.progress.pool`): the participant's part from the summary an
 * action just left, else from their summary row (rebuilt and stored when missing or stale); the
 * rounds settled and the running round's stakes from the pool's tables.
 */
export async function poolProgress(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  now: Date,
  known?: PoolSummary,
) {
  const rules = poolRules(campaign);
  const nowMs = now.getTime();
  const current = roundAt(rules.rounds, nowMs);
  const settledRows = await db
    .selectFrom('play_pool_rounds')
    .select(['round', 'staked', 'shared'])
    .where('campaign_id', '=', campaign.row.id)
    .execute();
  const settled = new Map(settledRows.map((r) => [r.round, r]));
  const mine: PoolSummary =
    known ??
    (participant
      ? await poolSummaries.load(db, poolOwner(campaign.row, participant.id))
      : { earned: 0, staked: 0, rounds: {}, shares: {} });
  const inRound = current ? mine.rounds[current.index] : undefined;
  const earnedRefs = new Set(inRound?.earned ?? []);
  return {
    pool: {
      total: rules.total,
      perUserMax: rules.perUserMax,
      balance: mine.earned - mine.staked,
      current: current
        ? {
            index: current.index,
            from: new Date(current.fromMs).toISOString(),
            to: new Date(current.toMs).toISOString(),
            staked: await stakedIn(db, campaign.row.id, current.index),
            mine: inRound?.staked ?? 0,
          }
        : null,
      tasks: rules.tasks.map((t) => ({
        id: t.id,
        event: t.event,
        coins: t.coins,
        done: current !== null && earnedRefs.has(`task:${t.id}:${current.index}`),
      })),
      rounds: rules.rounds
        .filter((r) => r.toMs <= nowMs)
        .map((r) => {
          const share = Object.hasOwn(mine.shares, r.index) ? mine.shares[r.index] : undefined;
          return {
            index: r.index,
            to: new Date(r.toMs).toISOString(),
            state: roundState(r, nowMs, settled.has(r.index), rules.claimHours),
            claimUntil: new Date(claimDeadline(r, rules.claimHours)).toISOString(),
            staked: settled.get(r.index)?.staked ?? 0,
            share: share?.share ?? 0,
            mineStaked: share?.coins ?? 0,
            claimed: share?.claimed ?? false,
            expired: share?.expired ?? false,
          };
        })
        .reverse()
        .slice(0, 10),
    },
  };
}

/** The pool's tasks in the page language (`campaign.game.pool`). */
export function poolGameView(campaign: PlayCampaign, inLang: (value: unknown) => string) {
  return {
    tasks: list(campaign.config.tasks).map((t) => ({ id: String(t.id ?? ''), title: inLang(t.title) })),
  };
}
