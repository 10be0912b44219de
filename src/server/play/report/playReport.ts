import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { CampaignRow } from '../../db/campaignTables';
import { textInLanguage } from '../../lists/textInLanguage';
import '../playTables';
import type { ReportContext, ReportPart } from '../mechanicModule';
import { MECHANIC_MODULES, type MechanicReports } from '../mechanicModules';
import { PLAY_ACTIONS } from '../playActions';

type Config = Record<string, unknown>;
const DAY_MS = 86_400_000;

/** The figures every campaign's report has, whatever its mechanic. */
export interface CommonParticipation {
  available: boolean;
  totals?: Record<string, number>;
  trend?: { date: string; draws: number; participants: number; winners: number; shares: number }[];
  prizes?: {
    id: string;
    name: string;
    odds: number | null;
    isThank: boolean;
    stock: number | null;
    issued: number;
    left: number | null;
  }[];
  winners?: {
    rewardId: string;
    time: string;
    userId: string | null;
    participantCode: string;
    prizeName: string;
    awardStatus: string;
    channel: string | null;
  }[];
  leaderboard?: {
    rank: number;
    participantCode: string;
    userId: string | null;
    draws: number;
    wins: number;
    invites: number;
  }[];
  inviters?: {
    rank: number;
    participantCode: string;
    userId: string | null;
    invites: number;
    newUsers: number;
  }[];
  channels?: {
    channel: string;
    name: string;
    type: 'inApp' | 'offSite' | 'none';
    participants: number;
    draws: number;
    winners: number;
  }[];
  fission?: { inviters: number; invited: number; maxDepth: number };
  retention?: { cohort: string; size: number; day1: number; day3: number; day7: number }[];
}

/** The report's participation figures: the common ones, and each module's part (`quiz`, `dice`, ...). */
export type Participation = CommonParticipation & MechanicReports;

const num = (value: unknown) => Number(value ?? 0);

/** The actions that spend a chance: a draw, a quiz attempt. The report counts them as plays. */
const playNames = PLAY_ACTIONS.map((name) => {
  // Action names are the modules' own identifiers; checked, as they are written into the SQL.
  if (!/^[A-Za-z]+$/.test(name)) throw new Error(`action name ${name} cannot be counted as a play`);
  return `'${name}'`;
}).join(', ');
const PLAYS = sql.raw(`action in (${playNames})`);
const PLAYS_A = sql.raw(`a.action in (${playNames})`);

/** Every module's report parts, in registry order. */
const PARTS: readonly ReportPart[] = MECHANIC_MODULES.flatMap((module) => module.report ?? []);

type Db = Kysely<Database>;
type InLang = (value: unknown) => string;
type EntryFacts = {
  participant_id: string;
  inviter_id: string | null;
  channel: string | null;
  is_new_user: number;
  actions: number;
};

/**
 * The activity report's participation figures, read from what the participant side recorded:
 * actions (draws, shares; `day` is the local day in the campaign's time zone), entries (channel,
 * inviter, new-user flag), reward records and stock counters, and each module's part. `available:
 * false` only while nobody has acted (and no module's part shows figures from before).
 */
export async function playParticipation(
  db: Db,
  row: CampaignRow,
  lang: string,
  /** The server's clock (round states). */
  now: Date = new Date(),
): Promise<Participation> {
  const campaignId = row.id;
  const totals = await totalsOf(db, campaignId);
  const config = JSON.parse(row.config) as Config;
  const defaultLanguage = typeof config.defaultLanguage === 'string' ? config.defaultLanguage : 'zh-CN';
  const inLang: InLang = (value) => textInLanguage(value, lang, defaultLanguage);
  const parts = new ModuleParts(db, row, config, { lang, inLang, now });
  if (num(totals.actions) === 0 && !(await parts.shownBeforeActions())) return { available: false };

  const entries = await db
    .selectFrom('play_entries')
    .select(['participant_id', 'inviter_id', 'channel', 'is_new_user', 'actions'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const invites = invitesOf(entries);
  const activeDays = await db
    .selectFrom('play_actions')
    .select(['participant_id', 'day'])
    .distinct()
    .where('campaign_id', '=', campaignId)
    .execute();
  return {
    available: true,
    totals: {
      participants: num(totals.participants),
      draws: num(totals.draws),
      winners: num(totals.winners),
      rewards: num(totals.rewards),
      newUsers: entries.filter((e) => e.is_new_user === 1 && e.actions > 0).length,
      shares: num(totals.shares),
      invited: invites.inviterOf.size,
    },
    trend: await trendOf(db, campaignId),
    prizes: await prizeStockOf(db, campaignId, config, inLang),
    winners: await latestWinners(db, campaignId, inLang),
    leaderboard: await leaderboardOf(db, campaignId, invites.invitesBy),
    inviters: await topInviters(db, invites.invitesBy),
    channels: await channelsOf(db, campaignId),
    fission: {
      inviters: invites.invitesBy.size,
      invited: invites.inviterOf.size,
      maxDepth: invites.maxDepth,
    },
    retention: retentionOf(activeDays),
    ...((await parts.all()) as MechanicReports),
  };
}

/**
 * The module parts a campaign's config has (mechanicModule.ts, `report`), in registry order, each
 * read once: those shown before anyone acts (a referral's invites, a contest's ranking, pets
 * adopted on opening the page) first, as they make the report available.
 */
class ModuleParts {
  private readonly parts: readonly ReportPart[];
  private readonly read = new Map<ReportPart, unknown>();

  constructor(
    private readonly db: Db,
    private readonly row: CampaignRow,
    private readonly config: Config,
    private readonly context: ReportContext,
  ) {
    this.parts = PARTS.filter((part) => part.when(row, config));
  }

  private async value(part: ReportPart): Promise<unknown> {
    if (!this.read.has(part))
      this.read.set(part, await part.read(this.db, this.row, this.config, this.context));
    return this.read.get(part);
  }

  /** Whether a part shows figures before anyone acted. */
  async shownBeforeActions(): Promise<boolean> {
    let shown = false;
    for (const part of this.parts)
      if (part.shownBeforeActions && part.shownBeforeActions(await this.value(part))) shown = true;
    return shown;
  }

  /** Every part by its key (`participation.<key>`). */
  async all(): Promise<Record<string, unknown>> {
    const own: Record<string, unknown> = {};
    for (const part of this.parts) own[part.key] = await this.value(part);
    return own;
  }
}

/** Actions, players, plays, shares, winners and rewards in all. */
function totalsOf(db: Db, campaignId: string) {
  return db
    .selectFrom('play_actions')
    .select((eb) => [
      eb.fn.countAll<number>().as('actions'),
      sql<number>`count(distinct participant_id)`.as('participants'),
      sql<number>`sum(case when ${PLAYS} then 1 else 0 end)`.as('draws'),
      sql<number>`sum(case when action = 'share' then 1 else 0 end)`.as('shares'),
      sql<number>`count(distinct case when reward_id is not null then participant_id end)`.as('winners'),
      sql<number>`sum(case when reward_id is not null then 1 else 0 end)`.as('rewards'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
}

/** Plays, shares, players and winners per local day. */
async function trendOf(db: Db, campaignId: string) {
  const rows = await db
    .selectFrom('play_actions')
    .select((eb) => [
      'day',
      sql<number>`sum(case when ${PLAYS} then 1 else 0 end)`.as('draws'),
      sql<number>`sum(case when action = 'share' then 1 else 0 end)`.as('shares'),
      sql<number>`count(distinct participant_id)`.as('participants'),
      sql<number>`count(distinct case when reward_id is not null then participant_id end)`.as('winners'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('campaign_id', '=', campaignId)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    date: r.day,
    draws: num(r.draws),
    participants: num(r.participants),
    winners: num(r.winners),
    shares: num(r.shares),
  }));
}

/** Each configured prize with its odds, stock, and how many were given and are left. */
async function prizeStockOf(db: Db, campaignId: string, config: Config, inLang: InLang) {
  const stock = await db
    .selectFrom('play_prize_stock')
    .select(['prize_id', 'issued'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const issuedOf = new Map(stock.map((s) => [s.prize_id, s.issued]));
  return (Array.isArray(config.prizes) ? (config.prizes as Config[]) : []).map((prize) => {
    const id = String(prize.id);
    const limited = prize.isThank !== true && prize.unlimitedStock !== true;
    const total = limited ? num(prize.stock) : null;
    const issued = issuedOf.get(id) ?? 0;
    return {
      id,
      name: inLang(prize.name),
      odds: typeof prize.odds === 'number' ? prize.odds : null,
      isThank: prize.isThank === true,
      stock: total,
      issued,
      left: total === null ? null : Math.max(0, total - issued),
    };
  });
}

/** The latest 50 rewards given. */
async function latestWinners(db: Db, campaignId: string, inLang: InLang) {
  const winners = await db
    .selectFrom('reward_records as r')
    .innerJoin('participants as p', 'p.id', 'r.participant_id')
    .select([
      'r.id',
      'r.created_at',
      'r.user_id',
      'p.code',
      'r.prize',
      'r.prize_name',
      'r.award_status',
      'r.channel',
    ])
    .where('r.campaign_id', '=', campaignId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(50)
    .execute();
  return winners.map((w) => ({
    rewardId: w.id,
    time: w.created_at,
    userId: w.user_id,
    participantCode: w.code,
    prizeName: inLang((JSON.parse(w.prize) as Config).name) || w.prize_name,
    awardStatus: w.award_status,
    channel: w.channel,
  }));
}

/** The top 20 players by wins, then plays, with their invites. */
async function leaderboardOf(db: Db, campaignId: string, invitesBy: Map<string, { invites: number }>) {
  const board = await db
    .selectFrom('play_actions as a')
    .innerJoin('participants as p', 'p.id', 'a.participant_id')
    .select([
      'a.participant_id',
      'p.code',
      'p.user_id',
      sql<number>`sum(case when ${PLAYS_A} then 1 else 0 end)`.as('draws'),
      sql<number>`sum(case when a.reward_id is not null then 1 else 0 end)`.as('wins'),
    ])
    .where('a.campaign_id', '=', campaignId)
    .groupBy(['a.participant_id', 'p.code', 'p.user_id'])
    .orderBy(sql`sum(case when a.reward_id is not null then 1 else 0 end)`, 'desc')
    .orderBy(sql`sum(case when ${PLAYS_A} then 1 else 0 end)`, 'desc')
    .orderBy('p.code')
    .limit(20)
    .execute();
  return board.map((b, i) => ({
    rank: i + 1,
    participantCode: b.code,
    userId: b.user_id,
    draws: num(b.draws),
    wins: num(b.wins),
    invites: invitesBy.get(b.participant_id)?.invites ?? 0,
  }));
}

/**
 * Invites: entries naming an inviter, invites and new users per inviter, and the fission depth
 * (the longest chain of inviter links; a loop stops it).
 */
function invitesOf(entries: readonly EntryFacts[]) {
  const inviterOf = new Map(
    entries.filter((e) => e.inviter_id).map((e) => [e.participant_id, e.inviter_id as string]),
  );
  const invitesBy = new Map<string, { invites: number; newUsers: number }>();
  for (const entry of entries) {
    if (!entry.inviter_id) continue;
    const count = invitesBy.get(entry.inviter_id) ?? { invites: 0, newUsers: 0 };
    count.invites++;
    if (entry.is_new_user === 1) count.newUsers++;
    invitesBy.set(entry.inviter_id, count);
  }
  let maxDepth = 0;
  for (const start of inviterOf.keys()) {
    let depth = 0;
    const seen = new Set<string>();
    for (
      let at: string | undefined = start;
      at && inviterOf.has(at) && !seen.has(at);
      at = inviterOf.get(at)
    ) {
      seen.add(at);
      depth++;
    }
    maxDepth = Math.max(maxDepth, depth);
  }
  return { inviterOf, invitesBy, maxDepth };
}

/** The top 20 inviters by new users, then invites. */
async function topInviters(db: Db, invitesBy: Map<string, { invites: number; newUsers: number }>) {
  const inviterIds = [...invitesBy.keys()];
  const inviterRows = inviterIds.length
    ? await db
        .selectFrom('participants')
        .select(['id', 'code', 'user_id'])
        .where('id', 'in', inviterIds)
        .execute()
    : [];
  return inviterRows
    .map((p) => ({
      participantCode: p.code,
      userId: p.user_id,
      ...(invitesBy.get(p.id) ?? { invites: 0, newUsers: 0 }),
    }))
    .sort(
      (a, b) =>
        b.newUsers - a.newUsers ||
        b.invites - a.invites ||
        a.participantCode.localeCompare(b.participantCode),
    )
    .slice(0, 20)
    .map((row, i) => ({ rank: i + 1, ...row }));
}

/** Players, plays and winners per channel, with the channel's name and type when it is configured. */
async function channelsOf(db: Db, campaignId: string) {
  const channelRows = await db
    .selectFrom('play_actions')
    .select([
      'channel',
      sql<number>`count(distinct participant_id)`.as('participants'),
      sql<number>`sum(case when ${PLAYS} then 1 else 0 end)`.as('draws'),
      sql<number>`count(distinct case when reward_id is not null then participant_id end)`.as('winners'),
    ])
    .where('campaign_id', '=', campaignId)
    .groupBy('channel')
    .execute();
  const named = await db
    .selectFrom('campaign_channels')
    .select(['key', 'name', 'type'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const channelOf = new Map(named.map((c) => [c.key, c]));
  return channelRows
    .map((c) => {
      const known = c.channel ? channelOf.get(c.channel) : undefined;
      return {
        channel: c.channel ?? '',
        name: known?.name ?? c.channel ?? '',
        type: known ? known.type : ('none' as const),
        participants: num(c.participants),
        draws: num(c.draws),
        winners: num(c.winners),
      };
    })
    .sort((a, b) => b.participants - a.participants || a.channel.localeCompare(b.channel));
}

/** Participants by their first day of play, and how many played again 1, 3 and 7 days later. */
export function retentionOf(rows: readonly { participant_id: string; day: string }[]) {
  const days = new Map<string, Set<number>>();
  for (const row of rows) {
    const day = Math.round(Date.parse(`${row.day}T00:00:00Z`) / DAY_MS);
    const set = days.get(row.participant_id) ?? new Set<number>();
    set.add(day);
    days.set(row.participant_id, set);
  }
  const cohorts = new Map<number, { size: number; day1: number; day3: number; day7: number }>();
  for (const set of days.values()) {
    const first = Math.min(...set);
    const cohort = cohorts.get(first) ?? { size: 0, day1: 0, day3: 0, day7: 0 };
    cohort.size++;
    if (set.has(first + 1)) cohort.day1++;
    if (set.has(first + 3)) cohort.day3++;
    if (set.has(first + 7)) cohort.day7++;
    cohorts.set(first, cohort);
  }
  return [...cohorts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, c]) => ({ cohort: new Date(day * DAY_MS).toISOString().slice(0, 10), ...c }));
}

/** Participants of a campaign with what each did, most active first (the report's user detail). */
export async function playUsers(
  db: Kysely<Database>,
  campaignId: string,
  options: { page: number; pageSize: number; q?: string },
) {
  let base = db
    .selectFrom('play_entries as e')
    .innerJoin('participants as p', 'p.id', 'e.participant_id')
    .leftJoin('participants as i', 'i.id', 'e.inviter_id')
    .where('e.campaign_id', '=', campaignId);
  if (options.q) {
    const q = options.q.trim();
    base = base.where((eb) => eb.or([eb('p.user_id', '=', q), eb('p.code', '=', q.toUpperCase())]));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'p.code',
      'p.user_id',
      'p.os',
      'p.country',
      'e.channel',
      'e.is_new_user',
      'e.joined_at',
      'e.last_action_at',
      'e.actions',
      'e.wins',
      'i.code as inviter_code',
    ])
    .orderBy('e.actions', 'desc')
    .orderBy('e.joined_at')
    .orderBy('p.code')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  return {
    items: rows.map((r) => ({
      participantCode: r.code,
      userId: r.user_id,
      anonymous: r.user_id === null,
      newUser: r.is_new_user === 1,
      channel: r.channel,
      inviter: r.inviter_code,
      os: r.os,
      country: r.country,
      firstAt: r.joined_at,
      lastAt: r.last_action_at,
      actions: r.actions,
      wins: r.wins,
    })),
    total: num(total.n),
  };
}
