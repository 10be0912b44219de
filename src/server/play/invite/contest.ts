// The invite contest (sub-activity `invite-contest`, mechanic `invite`, renderer `leaderboard`):
// the inviters of its bound referral ranked by the invites counted during the contest whose
// invitee is new by the contest's own definition, and the rank rewards given once at the end.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { AppError } from '../../errors';
import {
  rankInviters,
  rankPrize,
  type ContestEntry,
  type Ranked,
  type RankReward,
} from '../../../engine/play/invite';
import { playDay } from '../../../engine/play/playDay';
import { list, type Config, type PlayCampaign } from '../playCampaign';
import { tracksInvites } from '../../../engine/play/configShapes';
import { actionRow, ensureEntry, insertAction, type ActionInput, type EntryRow } from '../playSteps';
import { awardPrize, prizeAnswer } from '../prizeSteps';
import type { ParticipantRow } from '../playTables';
import { maskId } from './inviteView';
import './inviteTables';

type Db = Kysely<Database> | Transaction<Database>;

/** The action name and key of a contest's rank reward: one per participant and contest. */
export const CONTEST_KEY = 'contest-rank';

/** An invite contest gives its rank rewards at its end (handler in inviteRoutes.ts). */
export const CONTEST_SETTLE_JOB = 'contest.settle';

export interface ContestRules {
  parentId: string | null;
  startTime: string;
  endTime: string;
  minInvites: number;
  newUser: 'new-device' | 'new-account' | 'first-open';
  rankRewards: RankReward[];
}

export function contestRulesOf(campaign: Pick<PlayCampaign, 'row' | 'config'>): ContestRules {
  const { config, row } = campaign;
  const def = config.newUserDefinition;
  return {
    parentId: row.parent_id ?? (typeof config.boundCampaignId === 'string' ? config.boundCampaignId : null),
    startTime: row.start_time,
    endTime: row.end_time,
    minInvites: Number.isInteger(config.minInvites) ? Math.max(1, config.minInvites as number) : 1,
    newUser: def === 'new-account' || def === 'first-open' ? def : 'new-device',
    rankRewards: list(config.rankRewards)
      .map((r) => ({
        rankFrom: Number(r.rankFrom),
        rankTo: Number(r.rankTo),
        prizeId: String(r.prizeId ?? ''),
      }))
      .filter((r) => Number.isInteger(r.rankFrom) && Number.isInteger(r.rankTo) && r.prizeId),
  };
}

/** Whether a campaign is an invite contest (a sub-activity of the invite mechanic). */
export const isContest = (campaign: PlayCampaign) =>
  campaign.mechanic === 'invite' && campaign.row.kind === 'sub-activity';

// The fact that makes an invitee new by each definition (0 = the server knew nothing before).
const NEW_COLUMN = {
  'new-device': 'device_seen_before',
  'first-open': 'opened_before',
  'new-account': 'account_before',
} as const;

/**
 * Counted invites per inviter: invites of the bound referral decided inside the contest's period
 * whose invitee is new by the contest's definition (one grouped query). Inviters below the
 * contest's minimum are here too: they are not ranked, but they see their count.
 */
export async function contestEntries(db: Db, rules: ContestRules): Promise<ContestEntry[]> {
  if (!rules.parentId) return [];
  const rows = await db
    .selectFrom('play_invites')
    .select(['inviter_id'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('decided_at').as('last_at')])
    .where('campaign_id', '=', rules.parentId)
    .where('status', '=', 'qualified')
    .where('decided_at', '>=', rules.startTime)
    .where('decided_at', '<', rules.endTime)
    .where(NEW_COLUMN[rules.newUser], '=', 0)
    .groupBy('inviter_id')
    .execute();
  return rows.map((r) => ({
    participantId: r.inviter_id,
    invites: Number(r.n),
    lastAt: String(r.last_at ?? ''),
  }));
}

/** The contest's full ranking: the inviters with at least the minimum of counted invites. */
export async function contestRanking(db: Db, rules: ContestRules): Promise<Ranked[]> {
  return rankInviters(await contestEntries(db, rules), rules.minInvites);
}

async function settlementOf(db: Db, campaignId: string) {
  return db
    .selectFrom('play_contest_settlements')
    .select(['settled_at', 'settled_by', 'ranked', 'winners'])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
}

/** Whether the bound campaign tracks invites (a referral): otherwise nothing can rank. */
async function parentTracks(db: Db, parentId: string | null): Promise<boolean> {
  if (!parentId) return false;
  const row = await db
    .selectFrom('campaigns')
    .select(['config'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  return row !== undefined && tracksInvites(JSON.parse(row.config) as Config);
}

const SHOWN = 50;

/** What a participant sees of the contest (`me.progress.contest`). */
export async function contestProgress(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
) {
  const rules = contestRulesOf(campaign);
  const entries = await contestEntries(db, rules);
  const ranking = rankInviters(entries, rules.minInvites);
  const people = ranking.length
    ? await db
        .selectFrom('participants')
        .select(['id', 'code', 'user_id'])
        .where(
          'id',
          'in',
          ranking.slice(0, SHOWN).map((r) => r.participantId),
        )
        .execute()
    : [];
  const who = new Map(people.map((p) => [p.id, maskId(p.user_id ?? p.code)]));
  const mine = participant ? ranking.find((r) => r.participantId === participant.id) : undefined;
  const counted = participant ? entries.find((e) => e.participantId === participant.id) : undefined;
  const settled = await settlementOf(db, campaign.row.id);
  return {
    contest: {
      tracksInvites: await parentTracks(db, rules.parentId),
      minInvites: rules.minInvites,
      endsAt: rules.endTime,
      rankRewards: rules.rankRewards,
      ranked: ranking.length,
      top: ranking.slice(0, SHOWN).map((r) => ({
        rank: r.rank,
        name: who.get(r.participantId) ?? '',
        invites: r.invites,
        me: participant?.id === r.participantId,
      })),
      // Below the minimum a player is not ranked, yet reads the invites already counted.
      me: participant ? { rank: mine?.rank ?? null, invites: counted?.invites ?? 0 } : null,
      settled: settled !== undefined,
    },
  };
}

/** The console's view: the ranking with user ids, and the settlement. */
export async function contestConsoleView(
  db: Kysely<Database>,
  campaign: Pick<PlayCampaign, 'row' | 'config'>,
  limit = 100,
) {
  const rules = contestRulesOf(campaign);
  const ranking = await contestRanking(db, rules);
  const top = ranking.slice(0, limit);
  const people = top.length
    ? await db
        .selectFrom('participants')
        .select(['id', 'code', 'user_id'])
        .where(
          'id',
          'in',
          top.map((r) => r.participantId),
        )
        .execute()
    : [];
  const person = new Map(people.map((p) => [p.id, p]));
  const settled = await settlementOf(db, campaign.row.id);
  return {
    parentId: rules.parentId,
    tracksInvites: await parentTracks(db, rules.parentId),
    minInvites: rules.minInvites,
    newUserDefinition: rules.newUser,
    endsAt: rules.endTime,
    ranked: ranking.length,
    ranking: top.map((r) => ({
      rank: r.rank,
      participantCode: person.get(r.participantId)?.code ?? '',
      userId: person.get(r.participantId)?.user_id ?? null,
      invites: r.invites,
      lastAt: r.lastAt,
      prizeId: rankPrize(rules.rankRewards, r.rank),
    })),
    settlement: settled
      ? {
          settledAt: settled.settled_at,
          by: settled.settled_by,
          ranked: settled.ranked,
          winners: settled.winners,
        }
      : null,
  };
}

export interface ContestOutcome {
  settled: boolean;
  winners: number;
  ranked: number;
  deliveries: number;
}

/** Takes the contest's settlement row: true for the one transaction whose row is new. */
async function takeSettlement(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  now: Date,
  by: string | null,
) {
  const taken = await trx
    .insertInto('play_contest_settlements')
    .values({
      campaign_id: campaign.row.id,
      project_id: campaign.row.project_id,
      settled_at: now.toISOString(),
      settled_by: by,
      audit: '{}',
      ranked: 0,
      winners: 0,
    })
    .onConflict((oc) => oc.column('campaign_id').doNothing())
    .executeTakeFirst();
  return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A ranked inviter's contest entry (made when missing), as a reward reads it. */
async function rankedEntry(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  participantId: string,
  now: Date,
) {
  const participant = await trx
    .selectFrom('participants')
    .selectAll()
    .where('id', '=', participantId)
    .executeTakeFirst();
  if (!participant) return undefined;
  await ensureEntry(trx, campaign, participant, now);
  const entry = await trx
    .selectFrom('play_entries')
    .selectAll()
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirstOrThrow();
  return { participant, entry };
}

/**
 * Gives a rank's prize within its stock and the budget: the reward record under the contest and
 * the action keyed `contest-rank`. Undefined when the prize could not be given.
 */
async function awardRank(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  prize: Config,
  rank: number,
): Promise<{ rewardId: string; deliveries: number } | undefined> {
  const { campaign, now } = input;
  const award = await awardPrize(trx, input, prize, entry);
  if (award.outcome !== 'win') return undefined;
  const { rewardId } = award;
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify({ prize: prizeAnswer(prize, campaign), rewardId, rank }),
        prize_id: String(prize.id),
        reward_id: rewardId,
        outcome: 'win',
      },
      playDay(now.getTime(), campaign.timezone),
      entry,
    ),
  );
  return { rewardId, deliveries: award.deliveries };
}

/**
 * Settles a contest once, after its end: the settlement row is taken first (`ON CONFLICT DO
 * NOTHING`: of two settlements at once one gives the rewards, the other changes nothing); then
 * each ranked inviter whose rank has a reward gets that prize within its stock and the budget
 * (reward record under the contest, action keyed `contest-rank`). The audit keeps the ranking.
 */
export async function settleContestIn(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  options: { now: Date; by: string | null; dbKind: 'sqlite' | 'postgres' },
): Promise<ContestOutcome> {
  const { now } = options;
  const rules = contestRulesOf(campaign);
  if (now.getTime() < Date.parse(rules.endTime))
    throw new AppError('contest.tooEarly', { params: { time: rules.endTime } });
  if (!(await takeSettlement(trx, campaign, now, options.by)))
    return { settled: false, winners: 0, ranked: 0, deliveries: 0 };
  const ranking = await contestRanking(trx, rules);
  const prizes = new Map(campaign.prizes.map((p) => [String(p.id), p]));
  const awarded: { participantId: string; rank: number; prizeId: string; rewardId: string }[] = [];
  let deliveries = 0;
  for (const ranked of ranking) {
    const prizeId = rankPrize(rules.rankRewards, ranked.rank);
    const prize = prizeId ? prizes.get(prizeId) : undefined;
    if (!prize || prize.isThank === true) continue;
    const found = await rankedEntry(trx, campaign, ranked.participantId, now);
    if (!found) continue;
    const input: ActionInput = {
      campaign,
      participant: found.participant,
      action: 'contestReward',
      key: CONTEST_KEY,
      body: {},
      now,
      dbKind: options.dbKind,
    };
    const award = await awardRank(trx, input, found.entry, prize, ranked.rank);
    if (!award) continue;
    deliveries += award.deliveries;
    awarded.push({
      participantId: found.participant.id,
      rank: ranked.rank,
      prizeId: String(prize.id),
      rewardId: award.rewardId,
    });
  }
  await trx
    .updateTable('play_contest_settlements')
    .set({ ranked: ranking.length, winners: awarded.length, audit: JSON.stringify({ ranking, awarded }) })
    .where('campaign_id', '=', campaign.row.id)
    .execute();
  return { settled: true, winners: awarded.length, ranked: ranking.length, deliveries };
}
