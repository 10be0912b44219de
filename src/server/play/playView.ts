import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { hotQuery } from '../db/hotQuery';
import { textInLanguage } from '../lists/textInLanguage';
import { chooseLanguage } from '../participant/chooseLanguage';
import { safeUrl } from '../participant/renderParticipantPage';
import { shownStatus } from '../campaigns/campaignState';
import { chanceBalance, type ChanceBalance } from '../../engine/play/chances';
import { mechanicOf } from '../../engine/play/mechanics';
import { playDay } from '../../engine/play/playDay';
import { gameOf, pageViewOf, prizeViews, type LinkHrefs } from '../../engine/page/pageView';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import type { PublicAddress, ViewContext } from './mechanicModule';
import { MECHANIC_MODULES, MODULES } from './mechanicModules';
import {
  entryReason,
  isOverBudget,
  list,
  type Config,
  type PlayCampaign,
  type PlayReason,
} from './playCampaign';
import type { ParticipantRow, RewardRecordRow } from './playTables';

export type JoinState = 'open' | 'notStarted' | 'ended' | 'offline' | 'whitelistOnly' | 'draft';

export interface RewardFormView {
  id: string;
  title: string;
  items: { label: string; type: string; required: boolean }[];
  state: 'pending' | 'submitted';
  values: Record<string, string> | null;
}

export interface RewardView {
  id: string;
  prizeId: string;
  prizeName: string;
  image: string | null;
  isThank: false;
  awardStatus: string;
  deliveryType: string;
  couponCode: string | null;
  contactInfo: string | null;
  form: RewardFormView | null;
  createdAt: string;
}

export interface PlayerView {
  participant: { code: string; userId: string | null; anonymous: boolean } | null;
  chances: Omit<ChanceBalance, never> | null;
  canPlay: boolean;
  reason: PlayReason | null;
  rewards: RewardView[];
  /** The mechanic's state of this participant (a prediction's picks, results and totals). */
  progress: Record<string, unknown>;
}

/** The language of a visit among the campaign's languages. */
export function pageLanguage(
  config: Config,
  queryLang?: string,
  acceptLanguage?: string,
): {
  lang: string;
  languages: string[];
  defaultLanguage: string;
} {
  const languages = Array.isArray(config.languages)
    ? config.languages.filter((l): l is string => typeof l === 'string')
    : [];
  const defaultLanguage =
    typeof config.defaultLanguage === 'string' ? config.defaultLanguage : (languages[0] ?? 'zh-CN');
  const lang = chooseLanguage(
    languages.length ? languages : [defaultLanguage],
    defaultLanguage,
    queryLang,
    acceptLanguage,
  );
  return { lang, languages, defaultLanguage };
}

function joinStateOf(campaign: PlayCampaign, now: Date): JoinState {
  const status = shownStatus(campaign.row, now);
  if (status === 'running') return 'open';
  if (status === 'draft' || status === 'ended' || status === 'offline') return status;
  if (status === 'prereleased' && now.getTime() >= Date.parse(campaign.row.start_time))
    return 'whitelistOnly';
  return 'notStarted';
}

/** The campaign half of `GET /api/play/v1/campaigns/:id`, in the page language. */
export function campaignView(
  campaign: PlayCampaign,
  options: {
    now: Date;
    lang: string;
    languages: string[];
    defaultLanguage: string;
    preview: boolean;
    overBudget: boolean;
    /** The addresses of the deep links the page's taps name (linkHrefsOf). */
    hrefOfLink?: LinkHrefs;
  },
) {
  const { row, config } = campaign;
  const { lang, defaultLanguage, now } = options;
  const inLang = (value: unknown) => textInLanguage(value, lang, defaultLanguage);
  return {
    id: row.id,
    mark: row.mark,
    kind: row.kind,
    mechanic: campaign.mechanic,
    renderer: campaign.renderer,
    playable: campaign.playable,
    title: row.title,
    lang,
    languages: options.languages,
    defaultLanguage,
    status: shownStatus(row, now),
    joinState: joinStateOf(campaign, now),
    startTime: row.start_time,
    endTime: row.end_time,
    timezone: campaign.timezone,
    preview: options.preview,
    page: pageViewOf(config, {
      title: row.title,
      startTime: row.start_time,
      now,
      lang,
      defaultLanguage,
      hrefOfLink: options.hrefOfLink,
    }),
    game: {
      ...gameOf(config),
      // What the mechanic draws of its rules (a prediction's matches, a board's cells).
      ...MODULES.of(campaign)?.game?.(campaign, { lang, defaultLanguage, inLang }),
    },
    prizes: prizeViews(campaign.prizes, inLang),
    overBudget: options.overBudget,
  };
}

/** Budget spent so far, in micros. */
export async function budgetSpent(db: Kysely<Database>, campaignId: string): Promise<number> {
  const row = await db
    .selectFrom('play_budgets')
    .select('spent_micros')
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  return row ? Number(row.spent_micros) : 0;
}

/** Chance counters of an entry (absent: a participant who has not acted here yet). */
export interface EntryCounters {
  pool_used: number;
  daily_period: string | null;
  daily_used: number;
  granted: number;
}

/** The participant's chance balance in a campaign now (from their entry when it is at hand). */
export async function chancesOf(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participantId: string,
  now: Date,
  known?: EntryCounters,
): Promise<ChanceBalance> {
  const entry =
    known ??
    (await db
      .selectFrom('play_entries')
      .select(['pool_used', 'daily_period', 'daily_used', 'granted'])
      .where('campaign_id', '=', campaign.row.id)
      .where('participant_id', '=', participantId)
      .executeTakeFirst());
  return chanceBalance(
    campaign.chances,
    {
      poolUsed: entry?.pool_used ?? 0,
      dailyPeriod: entry?.daily_period ?? null,
      dailyUsed: entry?.daily_used ?? 0,
      granted: entry?.granted ?? 0,
    },
    playDay(now.getTime(), campaign.timezone),
  );
}

/** The columns of a reward record that its participant's view is made of. */
const VIEW_COLUMNS = [
  'id',
  'prize_id',
  'prize_name',
  'prize',
  'award_status',
  'delivery_type',
  'coupon_code',
  'form_id',
  'form_submission_id',
  'created_at',
] as const;
type ViewedRecord = Pick<RewardRecordRow, (typeof VIEW_COLUMNS)[number]>;

/** Reward records as the participant sees them, newest first, in the page language. */
export async function rewardViews(
  db: Kysely<Database>,
  records: ViewedRecord[],
  lang: string,
  defaultLanguage: string,
): Promise<RewardView[]> {
  const formIds = [...new Set(records.map((r) => r.form_id).filter((id): id is string => !!id))];
  const submissionIds = records.map((r) => r.form_submission_id).filter((id): id is string => !!id);
  const forms = formIds.length
    ? await db.selectFrom('reward_forms').select(['id', 'config']).where('id', 'in', formIds).execute()
    : [];
  const submissions = submissionIds.length
    ? await db
        .selectFrom('reward_form_submissions')
        .select(['id', 'state', 'answers'])
        .where('id', 'in', submissionIds)
        .execute()
    : [];
  const formById = new Map(forms.map((f) => [f.id, JSON.parse(f.config) as Config]));
  const submissionById = new Map(submissions.map((s) => [s.id, s]));
  return records.map((record) => {
    const prize = JSON.parse(record.prize) as Config;
    const formConfig = record.form_id ? formById.get(record.form_id) : undefined;
    const submission = record.form_submission_id ? submissionById.get(record.form_submission_id) : undefined;
    return {
      id: record.id,
      prizeId: record.prize_id,
      prizeName: textInLanguage(prize.name, lang, defaultLanguage) || record.prize_name,
      image: safeUrl(prize.image) ?? null,
      isThank: false as const,
      awardStatus: record.award_status,
      deliveryType: record.delivery_type,
      couponCode: record.coupon_code,
      contactInfo:
        record.delivery_type === 'customer-service' && typeof prize.contactInfo === 'string'
          ? prize.contactInfo
          : null,
      form:
        formConfig && submission
          ? {
              id: record.form_id as string,
              title: typeof formConfig.title === 'string' ? formConfig.title : '',
              items: list(formConfig.items).map((item) => ({
                label: String(item.label ?? ''),
                type: String(item.type ?? 'text'),
                required: item.required === true,
              })),
              state: submission.state,
              values: submission.answers ? (JSON.parse(submission.answers) as Record<string, string>) : null,
            }
          : null,
      createdAt: record.created_at,
    };
  });
}

// Read on every page view and action answer.
const latestRewards = hotQuery(
  ['campaignId', 'participantId', 'limit'],
  (db: Kysely<Database>, p: { campaignId: string; participantId: string; limit: number }) =>
    db
      .selectFrom('reward_records')
      .select(VIEW_COLUMNS)
      .where('campaign_id', '=', p.campaignId)
      .where('participant_id', '=', p.participantId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(p.limit),
);

/** The participant's reward records in a campaign, newest first (at most `limit`), as viewed. */
export async function participantRewards(
  db: Kysely<Database>,
  campaignId: string,
  participantId: string,
  limit = 200,
): Promise<ViewedRecord[]> {
  return (await latestRewards(db, { campaignId, participantId, limit })).rows;
}

/** How many rewards `me` carries; `GET .../rewards` lists them all (up to 200). */
export const RECENT_REWARDS = 20;

/**
 * `me.progress`: the mechanic's own state of the participant (empty for a draw or quiz), and what
 * the modules' hooks add to any campaign (the tasks that earn its chances or rolls).
 */
async function progressOf(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  view: ViewContext,
  summary?: unknown,
): Promise<Record<string, unknown>> {
  const added: Record<string, unknown>[] = [];
  for (const module of MECHANIC_MODULES)
    if (module.hooks?.progress) added.push(await module.hooks.progress(db, campaign, participant, view));
  const own = MODULES.of(campaign)?.progress;
  return Object.assign(own ? await own(db, campaign, participant, view, summary) : {}, ...added);
}

/** `me` of the page and action answers. */
export async function playerView(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  options: {
    now: Date;
    lang: string;
    defaultLanguage: string;
    preview: boolean;
    spentMicros: number;
    /** The entry's counters when the caller has them (an action's answer). */
    entry?: EntryCounters;
    /** The mechanic's summary an action just left (its outcome's), for `progress`. */
    summary?: unknown;
    /** Where invite links point (the server's public URL and link host). */
    address: PublicAddress;
    /** The schema registry (a super task's bound campaign). */
    schemas?: SchemaEngine;
  },
): Promise<PlayerView> {
  const view: ViewContext = {
    now: options.now,
    lang: options.lang,
    defaultLanguage: options.defaultLanguage,
    inLang: (value) => textInLanguage(value, options.lang, options.defaultLanguage),
    address: options.address,
    schemas: options.schemas,
    modules: MODULES,
  };
  if (!participant) {
    return {
      participant: null,
      chances: null,
      canPlay: false,
      reason: entryReason(campaign, undefined, options.now, options.preview),
      rewards: [],
      progress: await progressOf(db, campaign, undefined, view),
    };
  }
  // A mechanic whose actions spend no chances (prediction, referral) shows none; a sub-activity on
  // its bound campaign's chances shows those (none when that campaign is gone).
  const chanceHolder = MODULES.of(campaign)?.chanceHolder;
  const holder = chanceHolder ? await chanceHolder(db, options.schemas, campaign) : campaign;
  const chances = mechanicOf(campaign.mechanic ?? '')?.usesChances
    ? holder
      ? await chancesOf(
          db,
          holder,
          participant.id,
          options.now,
          holder === campaign ? options.entry : undefined,
        )
      : { left: 0, unlimited: false, dailyFree: 0, dailyLeft: 0, poolLeft: 0 }
    : null;
  let reason = entryReason(campaign, participant, options.now, options.preview);
  if (!reason && isOverBudget(campaign, options.spentMicros)) reason = 'overBudget';
  if (!reason && chances && !chances.unlimited && chances.left <= 0) reason = 'noChances';
  // The latest 20 (the full list is GET .../rewards).
  const records = await participantRewards(db, campaign.row.id, participant.id, RECENT_REWARDS);
  return {
    participant: {
      code: participant.code,
      userId: participant.user_id,
      anonymous: participant.user_id === null,
    },
    chances,
    canPlay: reason === null,
    reason,
    rewards: await rewardViews(db, records, options.lang, options.defaultLanguage),
    progress: await progressOf(db, campaign, participant, view, options.summary),
  };
}
