import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { hotInsert, hotQuery } from '../db/hotQuery';
import { AppError } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { textInLanguage } from '../lists/textInLanguage';
import { drawTable, pickEntry, type DrawState } from '../../engine/play/draw';
import { inviteGrant, shareGrant, spendBucket } from '../../engine/play/chances';
import { playDay } from '../../engine/play/playDay';
import { takeCoupon } from './delivery/coupons';
import { drawPrizeOf, entryReason, obj, reasonError, type Config, type PlayCampaign } from './playCampaign';
import { isOverBudget } from './playView';
import type { Selectable } from 'kysely';
import type { ParticipantRow, PlayActionRow, PlayEntriesTable, RewardRecordRow } from './playTables';

type Db = Kysely<Database> | Transaction<Database>;

/** The actions of this build; any other name answers 400 `play.unknownAction`. */
export const ACTIONS = ['draw', 'share'] as const;
export type ActionName = (typeof ACTIONS)[number];

export interface ActionInput {
  campaign: PlayCampaign;
  participant: ParticipantRow;
  action: ActionName;
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

async function findAction(db: Db, campaignId: string, participantId: string, key: string) {
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

const saveEntryCounters = hotQuery(
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

const spentBudget = hotQuery(['campaignId'], (db: Kysely<Database>, p: { campaignId: string }) =>
  db.selectFrom('play_budgets').select('spent_micros').where('campaign_id', '=', p.campaignId),
);

const prizeWins = hotQuery(['campaignId', 'participantId'], (db: Kysely<Database>, p: EntryKey) =>
  db
    .selectFrom('play_prize_wins')
    .select(['prize_id', 'wins'])
    .where('campaign_id', '=', p.campaignId)
    .where('participant_id', '=', p.participantId),
);

const addPrizeWin = hotQuery(
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

const insertAction = hotInsert<PlayActionRow>('play_actions', {
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

type EntryRow = Selectable<PlayEntriesTable>;

/**
 * Locks the participant's entry in the campaign and reads it in one statement (an UPDATE ...
 * RETURNING, which PostgreSQL holds until the commit; SQLite's write transaction is exclusive),
 * making the entry first when the participant has none.
 */
async function lockEntry(trx: Transaction<Database>, input: ActionInput): Promise<EntryRow> {
  const { campaign, participant, now } = input;
  const key = { now: now.toISOString(), campaignId: campaign.row.id, participantId: participant.id };
  const lock = async () => (await lockEntryRow(trx, key)).rows[0];
  const locked = await lock();
  if (locked) return locked;
  await ensureEntry(trx, campaign, participant, now);
  return (await lock()) as EntryRow;
}

/**
 * Runs one player action in one transaction: the participant's entry row is locked first, so one
 * participant's actions run one at a time on any number of servers. The action's row is written
 * last and its idempotency key is unique per participant and campaign: a repeated key fails that
 * insert, the whole transaction rolls back (nothing changes), and the first result is answered.
 */
export async function runAction(db: Kysely<Database>, input: ActionInput): Promise<ActionOutcome> {
  const { campaign, participant, key } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      const entry = await lockEntry(trx, input);
      return input.action === 'draw' ? draw(trx, input, entry) : share(trx, input, entry);
    });
  } catch (error) {
    // A repeated key: its insert collided, or the action is refused now (its chance is spent, the
    // campaign ended since) while the first attempt went through. Either way, the first answer.
    if (!isUniqueViolation(error) && !(error instanceof AppError)) throw error;
    const prior = await findAction(db, campaign.row.id, participant.id, key);
    if (!prior) throw error;
    return { result: JSON.parse(prior.result) as Record<string, unknown>, replayed: true, deliveries: 0 };
  }
}

async function grantedTotal(
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

function actionRow(
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
async function takeStock(
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

async function giveBackStock(trx: Transaction<Database>, campaignId: string, prizeId: string): Promise<void> {
  await trx
    .updateTable('play_prize_stock')
    .set({ issued: sql`issued - 1` })
    .where('campaign_id', '=', campaignId)
    .where('prize_id', '=', prizeId)
    .execute();
}

/** Spends a prize's value from the budget unless it would go over; answers whether it fit. */
async function takeBudget(
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

async function giveBackBudget(
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

function thankPrize(campaign: PlayCampaign): Config | undefined {
  return campaign.prizes.find((p) => p.isThank === true);
}

function prizeAnswer(prize: Config | undefined, campaign: PlayCampaign) {
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

async function draw(trx: Transaction<Database>, input: ActionInput, entry: EntryRow): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const campaignId = campaign.row.id;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));

  let spent: number | undefined;
  if (campaign.budgetMicros !== null) {
    const [budgetRow] = (await spentBudget(trx, { campaignId })).rows;
    spent = budgetRow ? Number(budgetRow.spent_micros) : 0;
    if (isOverBudget(campaign, spent)) throw new AppError('play.overBudget');
  }

  const today = playDay(now.getTime(), campaign.timezone);
  const counters = {
    poolUsed: entry.pool_used,
    dailyPeriod: entry.daily_period,
    dailyUsed: entry.daily_used,
    granted: entry.granted,
  };
  const bucket = spendBucket(campaign.chances, counters, today);
  if (bucket === null) throw new AppError('play.noChances');

  // Per-participant limits need the participant's wins; stock, budget and code pools are decided by
  // the conditional writes below: a prize drawn when it cannot be given turns into the thank-you
  // prize, exactly as if its odds had been moved there (SPEC 8), so the table needs no counters.
  const superIds = new Set(campaign.prizes.filter((p) => p.isSuper === true).map((p) => String(p.id)));
  const needsWins = campaign.prizes.some(
    (p) => (typeof p.perUserMax === 'number' && p.perUserMax > 0) || p.isSuper === true,
  );
  const winRows = needsWins ? (await prizeWins(trx, { campaignId, participantId: participant.id })).rows : [];
  const state: DrawState = {
    issued: {},
    userWins: Object.fromEntries(winRows.map((r) => [r.prize_id, r.wins])),
    userSuperWins: winRows.filter((r) => superIds.has(r.prize_id)).reduce((sum, r) => sum + r.wins, 0),
    userType: participant.user_type,
    budgetLeftMicros: null,
  };
  const prizes = campaign.prizes.map((prize) => ({ ...drawPrizeOf(prize), unlimitedStock: true }));
  const table = drawTable(prizes, state);
  const randomValue = randomInt(10_000);
  const picked = table.entries[pickEntry(table.entries, randomValue)];
  let prize =
    picked.prizeId !== null && !picked.isThank
      ? campaign.prizes.find((p) => String(p.id) === picked.prizeId)
      : undefined;
  let outcome = prize ? 'win' : 'thanks';
  const drawPrize = prize ? drawPrizeOf(prize) : undefined;
  let couponCode: string | null = null;
  const rewardId = randomId();
  if (prize && drawPrize) {
    if (!(await takeStock(trx, campaign, prize))) {
      outcome = 'outOfStock';
    } else if (!(await takeBudget(trx, campaign, drawPrize.valueMicros))) {
      await giveBackStock(trx, campaignId, drawPrize.id);
      outcome = 'overBudget';
    } else if (await hasCouponPool(trx, campaignId, drawPrize.id)) {
      couponCode = await takeCoupon(trx, input.dbKind, { campaignId, prizeId: drawPrize.id, rewardId, now });
      if (couponCode === null) {
        await giveBackStock(trx, campaignId, drawPrize.id);
        await giveBackBudget(trx, campaign, drawPrize.valueMicros);
        outcome = 'outOfStock';
      }
    }
    if (outcome !== 'win') prize = undefined;
    else if (spent !== undefined) spent += drawPrize.valueMicros;
  }

  // The chance is spent whatever the prize: daily free chances first (they expire), then the pool.
  const after: EntryRow = {
    ...entry,
    ...(bucket === 'daily'
      ? { daily_period: today, daily_used: entry.daily_period === today ? entry.daily_used + 1 : 1 }
      : bucket === 'pool'
        ? { pool_used: entry.pool_used + 1 }
        : {}),
    actions: entry.actions + 1,
    wins: entry.wins + (prize ? 1 : 0),
  };
  await saveEntryCounters(trx, {
    dailyPeriod: after.daily_period,
    dailyUsed: after.daily_used,
    poolUsed: after.pool_used,
    actions: after.actions,
    wins: after.wins,
    campaignId,
    participantId: participant.id,
  });

  let deliveries = 0;
  let reward: RewardRecordRow | undefined;
  const at = now.toISOString();
  if (prize) {
    const prizeId = String(prize.id);
    if (needsWins) {
      await addPrizeWin(trx, {
        projectId: campaign.row.project_id,
        campaignId,
        participantId: participant.id,
        prizeId,
      });
    }
    const written = await writeReward(trx, input, {
      prize,
      rewardId,
      couponCode,
      valueMicros: drawPrize?.valueMicros ?? 0,
      entry,
      at,
    });
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
        random_value: randomValue,
        prize_id: answerPrize ? String(answerPrize.id) : null,
        reward_id: prize ? rewardId : null,
        chance_bucket: bucket === 'unlimited' ? null : bucket,
        outcome,
      },
      today,
      entry,
    ),
  );
  return { result, replayed: false, deliveries, entry: after, spentMicros: spent, reward };
}

/** Whether a prize has an imported code pool (then each win takes a code, and none left = out of stock). */
async function hasCouponPool(
  trx: Transaction<Database>,
  campaignId: string,
  prizeId: string,
): Promise<boolean> {
  return (await couponPoolRow(trx, { campaignId, prizeId })).rows.length > 0;
}

async function writeReward(
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
async function addGrant(
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

async function share(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const today = playDay(now.getTime(), campaign.timezone);
  const reason = entryReason(campaign, participant, now, false);
  // Sharing is always allowed (anonymous visitors too); it earns chances only while one may play.
  let granted = 0;
  if (reason === null || reason === 'loginRequired') {
    const sharesToday = await grantedTotal(trx, campaign.row.id, participant.id, 'share', today);
    granted = shareGrant(campaign.chances, sharesToday.total);
    if (granted > 0) {
      await addGrant(trx, campaign, participant.id, {
        source: 'share',
        period: today,
        ref: input.key,
        amount: granted,
        now,
      });
    }
  }
  const channel = typeof input.body.channel === 'string' ? input.body.channel : null;
  const result = { granted, channel };
  await insertAction(
    trx,
    actionRow(input, { result: JSON.stringify(result), outcome: 'share' }, today, entry),
  );
  await trx
    .updateTable('play_entries')
    .set({ actions: entry.actions + 1 })
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .execute();
  return {
    result,
    replayed: false,
    deliveries: 0,
    entry: { ...entry, actions: entry.actions + 1, granted: entry.granted + granted },
  };
}

/**
 * An invite: a new identified participant arriving with `?inviter=<code>` earns the inviter the
 * configured chances (capped in total), once per invitee. Self-invites earn nothing.
 */
export async function grantInvite(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  inviter: ParticipantRow,
  invitee: ParticipantRow,
  now: Date,
): Promise<number> {
  if (inviter.id === invitee.id || invitee.user_id === null) return 0;
  return db.transaction().execute(async (trx) => {
    await ensureEntry(trx, campaign, inviter, now);
    await trx
      .updateTable('play_entries')
      .set({ last_action_at: now.toISOString() })
      .where('campaign_id', '=', campaign.row.id)
      .where('participant_id', '=', inviter.id)
      .execute();
    const invites = await grantedTotal(trx, campaign.row.id, inviter.id, 'invite');
    const amount = inviteGrant(campaign.chances, invites.total);
    if (amount <= 0) return 0;
    const added = await addGrant(trx, campaign, inviter.id, {
      source: 'invite',
      period: 'total',
      ref: invitee.id,
      amount,
      now,
    });
    return added ? amount : 0;
  });
}
