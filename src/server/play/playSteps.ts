// The steps every player action is made of (src/server/play/playActions.ts runs them for the draw
// and share, quiz/quizActions.ts for the quiz): the entry lock, chances, stock, budget, coupon
// codes, reward records with their delivery outbox, and the action's own row.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { hotInsert, hotQuery } from '../db/hotQuery';
import { AppError } from '../errors';
import { textInLanguage } from '../lists/textInLanguage';
import { spendBucket } from '../../engine/play/chances';
import type { DrawState } from '../../engine/play/draw';
import { playDay } from '../../engine/play/playDay';
import { takeCoupon } from './delivery/coupons';
import { drawPrizeOf, obj, type Config, type PlayCampaign } from './playCampaign';
import { isOverBudget } from './playView';
import type { Selectable } from 'kysely';
import type { ParticipantRow, PlayActionRow, PlayEntriesTable, RewardRecordRow } from './playTables';

type Db = Kysely<Database> | Transaction<Database>;

export interface ActionInput {
  campaign: PlayCampaign;
  participant: ParticipantRow;
  action: string;
  key: string;
  body: Config;
  now: Date;
  dbKind: 'sqlite' | 'postgres';
}

/** The answer of an action: what it decided, and whether it repeats an earlier one. */
export interface ActionOutcome {
  result: Record<string, unknown>;
  replayed: boolean;
  /** Reward deliveries written (the caller wakes the sender after the commit). */
  deliveries: number;
  /** The participant's entry after the action (its chance counters); absent for a replay. */
  entry?: EntryRow;
  /** Budget spent after the action, when the campaign has a budget and the action read it. */
  spentMicros?: number;
  /** The reward record written, if any. */
  reward?: RewardRecordRow;
}

export async function findAction(db: Db, campaignId: string, participantId: string, key: string) {
  return db
    .selectFrom('play_actions')
    .select(['result'])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Whether the participant joined the project's play during this campaign (SPEC "new user"). */
export function isNewUser(participant: ParticipantRow, campaign: PlayCampaign): boolean {
  return participant.created_at >= campaign.row.start_time;
}

/**
 * The participant's entry in a campaign (made on first sight, with the channel and inviter of the
 * visit that made it).
 */
export async function ensureEntry(
  db: Db,
  campaign: PlayCampaign,
  participant: ParticipantRow,
  now: Date,
  visit: { channel?: string | null; inviterId?: string | null } = {},
): Promise<void> {
  await insertEntry(db, {
    projectId: campaign.row.project_id,
    campaignId: campaign.row.id,
    participantId: participant.id,
    channel: visit.channel ?? null,
    inviterId: visit.inviterId && visit.inviterId !== participant.id ? visit.inviterId : null,
    isNewUser: isNewUser(participant, campaign) ? 1 : 0,
    now: now.toISOString(),
  });
}

// The statements every draw runs, built once (see hotQuery).
const insertEntry = hotQuery(
  ['projectId', 'campaignId', 'participantId', 'channel', 'inviterId', 'isNewUser', 'now'],
  (
    db: Kysely<Database>,
    p: {
      projectId: string;
      campaignId: string;
      participantId: string;
      channel: string | null;
      inviterId: string | null;
      isNewUser: number;
      now: string;
    },
  ) =>
    db
      .insertInto('play_entries')
      .values({
        project_id: p.projectId,
        campaign_id: p.campaignId,
        participant_id: p.participantId,
        channel: p.channel,
        inviter_id: p.inviterId,
        is_new_user: p.isNewUser,
        joined_at: p.now,
      })
      .onConflict((oc) => oc.columns(['campaign_id', 'participant_id']).doNothing()),
);

type EntryKey = { campaignId: string; participantId: string };

const lockEntryRow = hotQuery(
  ['now', 'campaignId', 'participantId'],
  (db: Kysely<Database>, p: EntryKey & { now: string }) =>
    db
      .updateTable('play_entries')
      .set({ last_action_at: p.now })
      .where('campaign_id', '=', p.campaignId)
      .where('participant_id', '=', p.participantId)
      .returningAll(),
);

export const saveEntryCounters = hotQuery(
  ['dailyPeriod', 'dailyUsed', 'poolUsed', 'actions', 'wins', 'campaignId', 'participantId'],
  (
    db: Kysely<Database>,
    p: EntryKey & {
      dailyPeriod: string | null;
      dailyUsed: number;
      poolUsed: number;
      actions: number;
      wins: number;
    },
  ) =>
    db
      .updateTable('play_entries')
      .set({
        daily_period: p.dailyPeriod,
        daily_used: p.dailyUsed,
        pool_used: p.poolUsed,
        actions: p.actions,
        wins: p.wins,
      })
      .where('campaign_id', '=', p.campaignId)
      .where('participant_id', '=', p.participantId),
);

type StockKey = { projectId: string; campaignId: string; prizeId: string };
const stockRow = (db: Kysely<Database>, p: StockKey) =>
  db
    .insertInto('play_prize_stock')
    .values({ project_id: p.projectId, campaign_id: p.campaignId, prize_id: p.prizeId, issued: 1 });
const takeUnlimitedStock = hotQuery(
  ['projectId', 'campaignId', 'prizeId'],
  (db: Kysely<Database>, p: StockKey) =>
    stockRow(db, p).onConflict((oc) =>
      oc.columns(['campaign_id', 'prize_id']).doUpdateSet({ issued: sql`play_prize_stock.issued + 1` }),
    ),
);
const takeLimitedStock = hotQuery(
  ['projectId', 'campaignId', 'prizeId', 'stock'],
  (db: Kysely<Database>, p: StockKey & { stock: number }) =>
    stockRow(db, p).onConflict((oc) =>
      oc
        .columns(['campaign_id', 'prize_id'])
        .doUpdateSet({ issued: sql`play_prize_stock.issued + 1` })
        .where('play_prize_stock.issued', '<', p.stock),
    ),
);

export const spentBudget = hotQuery(['campaignId'], (db: Kysely<Database>, p: { campaignId: string }) =>
  db.selectFrom('play_budgets').select('spent_micros').where('campaign_id', '=', p.campaignId),
);

export const prizeWins = hotQuery(['campaignId', 'participantId'], (db: Kysely<Database>, p: EntryKey) =>
  db
    .selectFrom('play_prize_wins')
    .select(['prize_id', 'wins'])
    .where('campaign_id', '=', p.campaignId)
    .where('participant_id', '=', p.participantId),
);

export const addPrizeWin = hotQuery(
  ['projectId', 'campaignId', 'participantId', 'prizeId'],
  (db: Kysely<Database>, p: EntryKey & { projectId: string; prizeId: string }) =>
    db
      .insertInto('play_prize_wins')
      .values({
        project_id: p.projectId,
        campaign_id: p.campaignId,
        participant_id: p.participantId,
        prize_id: p.prizeId,
        wins: 1,
      })
      .onConflict((oc) =>
        oc
          .columns(['campaign_id', 'participant_id', 'prize_id'])
          .doUpdateSet({ wins: sql`play_prize_wins.wins + 1` }),
      ),
);

const couponPoolRow = hotQuery(
  ['campaignId', 'prizeId'],
  (db: Kysely<Database>, p: { campaignId: string; prizeId: string }) =>
    db
      .selectFrom('coupon_codes')
      .select('id')
      .where('campaign_id', '=', p.campaignId)
      .where('prize_id', '=', p.prizeId)
      .limit(1),
);

export const insertAction = hotInsert<PlayActionRow>('play_actions', {
  id: true,
  project_id: true,
  campaign_id: true,
  participant_id: true,
  action: true,
  idempotency_key: true,
  result: true,
  odds: true,
  random_value: true,
  prize_id: true,
  reward_id: true,
  chance_bucket: true,
  outcome: true,
  channel: true,
  inviter_id: true,
  os: true,
  country: true,
  day: true,
  created_at: true,
});

const insertReward = hotInsert<RewardRecordRow>('reward_records', {
  id: true,
  project_id: true,
  campaign_id: true,
  participant_id: true,
  action_id: true,
  prize_id: true,
  prize_name: true,
  prize: true,
  delivery_type: true,
  award_status: true,
  status_detail: true,
  value_micros: true,
  coupon_code: true,
  form_id: true,
  form_submission_id: true,
  user_id: true,
  superior: true,
  is_new_user: true,
  channel: true,
  method: true,
  os: true,
  country: true,
  time_zone: true,
  awarded_by: true,
  awarded_at: true,
  created_at: true,
  updated_at: true,
});

export type EntryRow = Selectable<PlayEntriesTable>;

/**
 * Locks the participant's entry in the campaign and reads it in one statement (an UPDATE ...
 * RETURNING, which PostgreSQL holds until the commit; SQLite's write transaction is exclusive),
 * making the entry first when the participant has none.
 */
export async function lockEntry(trx: Transaction<Database>, input: ActionInput): Promise<EntryRow> {
  const { campaign, participant, now } = input;
  const key = { now: now.toISOString(), campaignId: campaign.row.id, participantId: participant.id };
  const lock = async () => (await lockEntryRow(trx, key)).rows[0];
  const locked = await lock();
  if (locked) return locked;
  await ensureEntry(trx, campaign, participant, now);
  return (await lock()) as EntryRow;
}

export async function grantedTotal(
  trx: Transaction<Database>,
  campaignId: string,
  participantId: string,
  source?: string,
  period?: string,
) {
  let query = trx
    .selectFrom('play_chance_grants')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId);
  if (source) query = query.where('source', '=', source);
  if (period) query = query.where('period', '=', period);
  const row = await query.executeTakeFirst();
  return { total: Number(row?.total ?? 0), count: Number(row?.count ?? 0) };
}

export function actionRow(
  input: ActionInput,
  fields: Partial<PlayActionRow> & { result: string },
  day: string,
  entry: { channel: string | null; inviter_id: string | null },
): PlayActionRow {
  return {
    id: randomId(),
    project_id: input.campaign.row.project_id,
    campaign_id: input.campaign.row.id,
    participant_id: input.participant.id,
    action: input.action,
    idempotency_key: input.key,
    odds: null,
    random_value: null,
    prize_id: null,
    reward_id: null,
    chance_bucket: null,
    outcome: null,
    channel: entry.channel,
    inviter_id: entry.inviter_id,
    os: input.participant.os,
    country: input.participant.country,
    day,
    created_at: input.now.toISOString(),
    ...fields,
  };
}

/**
 * Adds one win of a prize unless its stock is gone; answers whether it was taken. One statement:
 * the counter row is made on the first win, and the configured stock (read with the campaign) is
 * the condition of the upsert's update, so concurrent winners on PostgreSQL re-check it after
 * waiting for the row and never oversell.
 */
export async function takeStock(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  prize: Config,
): Promise<boolean> {
  const limited = prize.unlimitedStock !== true;
  const stock = Number(prize.stock ?? 0);
  if (limited && stock <= 0) return false;
  const key = { projectId: campaign.row.project_id, campaignId: campaign.row.id, prizeId: String(prize.id) };
  const done = limited ? await takeLimitedStock(trx, { ...key, stock }) : await takeUnlimitedStock(trx, key);
  return Number(done.numAffectedRows ?? 0) === 1;
}

export async function giveBackStock(
  trx: Transaction<Database>,
  campaignId: string,
  prizeId: string,
): Promise<void> {
  await trx
    .updateTable('play_prize_stock')
    .set({ issued: sql`issued - 1` })
    .where('campaign_id', '=', campaignId)
    .where('prize_id', '=', prizeId)
    .execute();
}

/** Spends a prize's value from the budget unless it would go over; answers whether it fit. */
export async function takeBudget(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  micros: number,
): Promise<boolean> {
  if (micros <= 0 || campaign.budgetMicros === null) return true;
  await trx
    .insertInto('play_budgets')
    .values({ project_id: campaign.row.project_id, campaign_id: campaign.row.id, spent_micros: 0 })
    .onConflict((oc) => oc.column('campaign_id').doNothing())
    .execute();
  const done = await trx
    .updateTable('play_budgets')
    .set({ spent_micros: sql`spent_micros + ${micros}` })
    .where('campaign_id', '=', campaign.row.id)
    .where(sql<boolean>`spent_micros + ${micros} <= ${campaign.budgetMicros}`)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function giveBackBudget(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  micros: number,
): Promise<void> {
  if (micros <= 0 || campaign.budgetMicros === null) return;
  await trx
    .updateTable('play_budgets')
    .set({ spent_micros: sql`spent_micros - ${micros}` })
    .where('campaign_id', '=', campaign.row.id)
    .execute();
}

export function thankPrize(campaign: PlayCampaign): Config | undefined {
  return campaign.prizes.find((p) => p.isThank === true);
}

export function prizeAnswer(prize: Config | undefined, campaign: PlayCampaign) {
  const lang =
    typeof campaign.config.defaultLanguage === 'string' ? campaign.config.defaultLanguage : 'zh-CN';
  if (!prize) return { id: null, name: '', image: null, isThank: true };
  return {
    id: String(prize.id),
    name: textInLanguage(prize.name, lang, lang),
    image: typeof prize.image === 'string' ? prize.image : null,
    isThank: prize.isThank === true,
  };
}

/** The callback body of a won prize: what the customer's server needs to hand it over. */
export function rewardCallbackPayload(args: {
  rewardId: string;
  campaign: PlayCampaign;
  participant: ParticipantRow;
  prize: Config;
  prizeName: string;
  at: string;
}): string {
  const data: Record<string, string> = {};
  for (const pair of Array.isArray(args.prize.keys) ? args.prize.keys.map(obj) : []) {
    if (typeof pair.key === 'string' && pair.key)
      data[pair.key] = typeof pair.value === 'string' ? pair.value : '';
  }
  return JSON.stringify({
    type: 'reward.issued',
    rewardId: args.rewardId,
    projectId: args.campaign.row.project_id,
    campaignId: args.campaign.row.id,
    campaignTitle: args.campaign.row.title,
    prize: { id: String(args.prize.id), name: args.prizeName },
    user: { id: args.participant.user_id, participantCode: args.participant.code },
    data,
    issuedAt: args.at,
  });
}

/** Whether a prize has an imported code pool (then each win takes a code, and none left = out of stock). */
export async function hasCouponPool(
  trx: Transaction<Database>,
  campaignId: string,
  prizeId: string,
): Promise<boolean> {
  return (await couponPoolRow(trx, { campaignId, prizeId })).rows.length > 0;
}

export async function writeReward(
  trx: Transaction<Database>,
  input: ActionInput,
  args: {
    prize: Config;
    rewardId: string;
    couponCode: string | null;
    valueMicros: number;
    entry: { channel: string | null; inviter_id: string | null; is_new_user: number };
    at: string;
  },
): Promise<{ deliveries: number; record: RewardRecordRow }> {
  const { campaign, participant } = input;
  const { prize, rewardId, at } = args;
  const lang =
    typeof campaign.config.defaultLanguage === 'string' ? campaign.config.defaultLanguage : 'zh-CN';
  const prizeName = textInLanguage(prize.name, lang, lang);
  const deliveryType =
    prize.deliveryType === 'callback' || prize.deliveryType === 'customer-service'
      ? prize.deliveryType
      : 'system';
  const superior = args.entry.inviter_id
    ? ((
        await trx
          .selectFrom('participants')
          .select('code')
          .where('id', '=', args.entry.inviter_id)
          .executeTakeFirst()
      )?.code ?? null)
    : null;
  let formId: string | null = null;
  let submissionId: string | null = null;
  if (typeof prize.formId === 'string' && prize.formId) {
    const form = await trx
      .selectFrom('reward_forms')
      .select('id')
      .where('id', '=', prize.formId)
      .where('project_id', '=', campaign.row.project_id)
      .executeTakeFirst();
    if (form) {
      formId = form.id;
      submissionId = randomId();
      await trx
        .insertInto('reward_form_submissions')
        .values({
          id: submissionId,
          project_id: campaign.row.project_id,
          form_id: form.id,
          campaign_id: campaign.row.id,
          participant: participant.user_id ?? participant.code,
          state: 'pending',
          answers: null,
          created_at: at,
          submitted_at: null,
        })
        .execute();
    }
  }
  const record: RewardRecordRow = {
    id: rewardId,
    project_id: campaign.row.project_id,
    campaign_id: campaign.row.id,
    participant_id: participant.id,
    action_id: input.key,
    prize_id: String(prize.id),
    prize_name: prizeName,
    prize: JSON.stringify(prize),
    delivery_type: deliveryType,
    award_status: deliveryType === 'system' ? 'success' : 'pending',
    status_detail: null,
    value_micros: args.valueMicros,
    coupon_code: args.couponCode,
    form_id: formId,
    form_submission_id: submissionId,
    user_id: participant.user_id,
    superior,
    is_new_user: args.entry.is_new_user,
    channel: args.entry.channel,
    method: input.action,
    os: participant.os,
    country: participant.country,
    time_zone: campaign.timezone,
    awarded_by: null,
    awarded_at: null,
    created_at: at,
    updated_at: at,
  };
  await insertReward(trx, record);
  if (deliveryType !== 'callback' || typeof prize.callbackUrl !== 'string') return { deliveries: 0, record };
  await trx
    .insertInto('reward_deliveries')
    .values({
      id: randomId(),
      project_id: campaign.row.project_id,
      reward_id: rewardId,
      url: prize.callbackUrl,
      payload: rewardCallbackPayload({ rewardId, campaign, participant, prize, prizeName, at }),
      state: 'pending',
      attempts: 0,
      next_at: at,
      created_at: at,
      finished_at: null,
    })
    .execute();
  return { deliveries: 1, record };
}

/** Adds earned chances (once per `ref`) and the entry's `granted` counter; answers whether it was new. */
export async function addGrant(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  participantId: string,
  grant: { source: string; period: string; ref: string; amount: number; now: Date },
): Promise<boolean> {
  const added = await trx
    .insertInto('play_chance_grants')
    .values({
      id: randomId(),
      project_id: campaign.row.project_id,
      campaign_id: campaign.row.id,
      participant_id: participantId,
      source: grant.source,
      period: grant.period,
      ref: grant.ref,
      amount: grant.amount,
      created_at: grant.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id', 'source', 'ref']).doNothing())
    .executeTakeFirst();
  if (Number(added.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await trx
    .updateTable('play_entries')
    .set({ granted: sql`granted + ${grant.amount}` })
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participantId)
    .execute();
  return true;
}

/**
 * The budget spent so far when the campaign has one (undefined: no budget), refusing with
 * `play.overBudget` once it is spent (SPEC 8).
 */
export async function budgetBeforeAction(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
): Promise<number | undefined> {
  if (campaign.budgetMicros === null) return undefined;
  const [budgetRow] = (await spentBudget(trx, { campaignId: campaign.row.id })).rows;
  const spent = budgetRow ? Number(budgetRow.spent_micros) : 0;
  if (isOverBudget(campaign, spent)) throw new AppError('play.overBudget');
  return spent;
}

/**
 * The chance an action would spend now: daily free chances of today's local day first (they
 * expire), then the pool of initial and earned chances; refuses with `play.noChances`.
 */
export function chanceToSpend(campaign: PlayCampaign, entry: EntryRow, now: Date) {
  const today = playDay(now.getTime(), campaign.timezone);
  const bucket = spendBucket(
    campaign.chances,
    {
      poolUsed: entry.pool_used,
      dailyPeriod: entry.daily_period,
      dailyUsed: entry.daily_used,
      granted: entry.granted,
    },
    today,
  );
  if (bucket === null) throw new AppError('play.noChances');
  return { bucket, today };
}

/** The entry after spending a chance of `bucket` on one action (`won`: it gave a prize). */
export function entryAfter(
  entry: EntryRow,
  spend: ReturnType<typeof chanceToSpend> | null,
  won: boolean,
): EntryRow {
  const { bucket, today } = spend ?? { bucket: 'unlimited', today: '' };
  return {
    ...entry,
    ...(bucket === 'daily'
      ? { daily_period: today, daily_used: entry.daily_period === today ? entry.daily_used + 1 : 1 }
      : bucket === 'pool'
        ? { pool_used: entry.pool_used + 1 }
        : {}),
    actions: entry.actions + 1,
    wins: entry.wins + (won ? 1 : 0),
  };
}

/** Writes the entry's chance and action counters. */
export async function saveEntry(trx: Transaction<Database>, input: ActionInput, after: EntryRow) {
  await saveEntryCounters(trx, {
    dailyPeriod: after.daily_period,
    dailyUsed: after.daily_used,
    poolUsed: after.pool_used,
    actions: after.actions,
    wins: after.wins,
    campaignId: input.campaign.row.id,
    participantId: input.participant.id,
  });
}

export type GiveOutcome = 'win' | 'outOfStock' | 'overBudget';

/**
 * Takes a prize the player earned: its stock, then its value from the budget, then a code when
 * the prize has an imported pool. A step that fails gives back the earlier ones, so nothing is
 * counted for a prize not given; the caller answers the thank-you prize (SPEC 8).
 */
export async function givePrize(
  trx: Transaction<Database>,
  input: ActionInput,
  prize: Config,
  rewardId: string,
): Promise<{ outcome: GiveOutcome; couponCode: string | null; valueMicros: number }> {
  const { campaign, now } = input;
  const campaignId = campaign.row.id;
  const { id: prizeId, valueMicros } = drawPrizeOf(prize);
  if (!(await takeStock(trx, campaign, prize)))
    return { outcome: 'outOfStock', couponCode: null, valueMicros };
  if (!(await takeBudget(trx, campaign, valueMicros))) {
    await giveBackStock(trx, campaignId, prizeId);
    return { outcome: 'overBudget', couponCode: null, valueMicros };
  }
  if (!(await hasCouponPool(trx, campaignId, prizeId)))
    return { outcome: 'win', couponCode: null, valueMicros };
  const couponCode = await takeCoupon(trx, input.dbKind, { campaignId, prizeId, rewardId, now });
  if (couponCode !== null) return { outcome: 'win', couponCode, valueMicros };
  await giveBackStock(trx, campaignId, prizeId);
  await giveBackBudget(trx, campaign, valueMicros);
  return { outcome: 'outOfStock', couponCode: null, valueMicros };
}

/** Whether any prize limits a participant's wins (per-user maximum, one super prize). */
export function limitsWins(campaign: PlayCampaign): boolean {
  return campaign.prizes.some(
    (p) => (typeof p.perUserMax === 'number' && p.perUserMax > 0) || p.isSuper === true,
  );
}

/**
 * What the prize rules know of this participant: their wins per prize (read only when a prize
 * limits them) and user type. Stock and budget are left to givePrize's conditional writes.
 */
export async function participantDrawState(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow,
  read: boolean,
): Promise<DrawState> {
  const superIds = new Set(campaign.prizes.filter((p) => p.isSuper === true).map((p) => String(p.id)));
  const winRows = read
    ? (await prizeWins(trx, { campaignId: campaign.row.id, participantId: participant.id })).rows
    : [];
  return {
    issued: {},
    userWins: Object.fromEntries(winRows.map((r) => [r.prize_id, r.wins])),
    userSuperWins: winRows.filter((r) => superIds.has(r.prize_id)).reduce((sum, r) => sum + r.wins, 0),
    userType: participant.user_type,
    budgetLeftMicros: null,
  };
}

/**
 * Records a prize given: the participant's win counted (when a prize limits wins), the reward
 * record, and for a callback prize its delivery row.
 */
export async function recordWin(
  trx: Transaction<Database>,
  input: ActionInput,
  win: { prize: Config; rewardId: string; couponCode: string | null; valueMicros: number; entry: EntryRow },
): Promise<{ deliveries: number; record: RewardRecordRow }> {
  const { campaign, participant, now } = input;
  if (limitsWins(campaign)) {
    await addPrizeWin(trx, {
      projectId: campaign.row.project_id,
      campaignId: campaign.row.id,
      participantId: participant.id,
      prizeId: String(win.prize.id),
    });
  }
  return writeReward(trx, input, { ...win, at: now.toISOString() });
}
