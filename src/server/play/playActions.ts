import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { AppError } from '../errors';
import { textInLanguage } from '../lists/textInLanguage';
import { drawTable, pickEntry, type DrawState } from '../../engine/play/draw';
import { inviteGrant, shareGrant, spendBucket } from '../../engine/play/chances';
import { playDay } from '../../engine/play/playDay';
import { couponsLeft, takeCoupon } from './delivery/coupons';
import { drawPrizeOf, entryReason, obj, reasonError, type Config, type PlayCampaign } from './playCampaign';
import { isOverBudget } from './playView';
import type { ParticipantRow, PlayActionRow } from './playTables';

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
  await db
    .insertInto('play_entries')
    .values({
      project_id: campaign.row.project_id,
      campaign_id: campaign.row.id,
      participant_id: participant.id,
      channel: visit.channel ?? null,
      inviter_id: visit.inviterId && visit.inviterId !== participant.id ? visit.inviterId : null,
      is_new_user: isNewUser(participant, campaign) ? 1 : 0,
      joined_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id']).doNothing())
    .execute();
}

/**
 * Runs one player action in one transaction: the participant's entry row is locked first (an
 * UPDATE, which PostgreSQL holds until the commit; SQLite's write transaction is exclusive), so
 * one participant's actions run one at a time on any number of servers; a repeated
 * `Idempotency-Key` answers the first result and changes nothing.
 */
export async function runAction(db: Kysely<Database>, input: ActionInput): Promise<ActionOutcome> {
  const { campaign, participant, key } = input;
  const prior = await findAction(db, campaign.row.id, participant.id, key);
  if (prior)
    return { result: JSON.parse(prior.result) as Record<string, unknown>, replayed: true, deliveries: 0 };
  return db.transaction().execute(async (trx) => {
    await ensureEntry(trx, campaign, participant, input.now);
    await trx
      .updateTable('play_entries')
      .set({ last_action_at: input.now.toISOString() })
      .where('campaign_id', '=', campaign.row.id)
      .where('participant_id', '=', participant.id)
      .execute();
    const again = await findAction(trx, campaign.row.id, participant.id, key);
    if (again)
      return { result: JSON.parse(again.result) as Record<string, unknown>, replayed: true, deliveries: 0 };
    return input.action === 'draw' ? draw(trx, input) : share(trx, input);
  });
}

async function entryRow(trx: Transaction<Database>, campaignId: string, participantId: string) {
  return trx
    .selectFrom('play_entries')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .executeTakeFirstOrThrow();
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

/** Adds one win of a prize unless its stock is gone; answers whether it was taken. */
async function takeStock(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  prize: Config,
): Promise<boolean> {
  const prizeId = String(prize.id);
  await trx
    .insertInto('play_prize_stock')
    .values({
      project_id: campaign.row.project_id,
      campaign_id: campaign.row.id,
      prize_id: prizeId,
      issued: 0,
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'prize_id']).doNothing())
    .execute();
  let update = trx
    .updateTable('play_prize_stock')
    .set({ issued: sql`issued + 1` })
    .where('campaign_id', '=', campaign.row.id)
    .where('prize_id', '=', prizeId);
  if (prize.unlimitedStock !== true) {
    // The configured stock is read with the campaign in this transaction; the condition sits in
    // the UPDATE itself, so concurrent winners on PostgreSQL re-check it after waiting for the row.
    update = update.where('issued', '<', Number(prize.stock ?? 0));
  }
  const done = await update.executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
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

async function draw(trx: Transaction<Database>, input: ActionInput): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const campaignId = campaign.row.id;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));

  const budgetRow = await trx
    .selectFrom('play_budgets')
    .select('spent_micros')
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  const spent = budgetRow ? Number(budgetRow.spent_micros) : 0;
  if (isOverBudget(campaign, spent)) throw new AppError('play.overBudget');

  const today = playDay(now.getTime(), campaign.timezone);
  const entry = await entryRow(trx, campaignId, participant.id);
  const counters = {
    poolUsed: entry.pool_used,
    dailyPeriod: entry.daily_period,
    dailyUsed: entry.daily_used,
    granted: (await grantedTotal(trx, campaignId, participant.id)).total,
  };
  const bucket = spendBucket(campaign.chances, counters, today);
  if (bucket === null) throw new AppError('play.noChances');

  const stockRows = await trx
    .selectFrom('play_prize_stock')
    .select(['prize_id', 'issued'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const issued: Record<string, number> = Object.fromEntries(stockRows.map((r) => [r.prize_id, r.issued]));
  const winRows = await trx
    .selectFrom('play_prize_wins')
    .select(['prize_id', 'wins'])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participant.id)
    .execute();
  const userWins: Record<string, number> = Object.fromEntries(winRows.map((r) => [r.prize_id, r.wins]));
  const superIds = new Set(campaign.prizes.filter((p) => p.isSuper === true).map((p) => String(p.id)));
  const pools = await couponsLeft(trx, campaignId);
  const prizes = campaign.prizes.map((prize) => {
    const drawPrize = drawPrizeOf(prize);
    const left = pools[drawPrize.id];
    // A prize with an imported code pool is out of stock once its codes are gone.
    if (left !== undefined && left <= 0)
      return { ...drawPrize, unlimitedStock: false, stock: issued[drawPrize.id] ?? 0 };
    return drawPrize;
  });
  const state: DrawState = {
    issued,
    userWins,
    userSuperWins: winRows.filter((r) => superIds.has(r.prize_id)).reduce((sum, r) => sum + r.wins, 0),
    userType: participant.user_type,
    budgetLeftMicros: campaign.budgetMicros === null ? null : campaign.budgetMicros - spent,
  };
  const table = drawTable(prizes, state);
  const randomValue = randomInt(10_000);
  const picked = table.entries[pickEntry(table.entries, randomValue)];
  let prize =
    picked.prizeId !== null && !picked.isThank
      ? campaign.prizes.find((p) => String(p.id) === picked.prizeId)
      : undefined;
  let outcome = prize ? 'win' : 'thanks';
  const drawPrize = prize ? prizes.find((p) => p.id === String(prize?.id)) : undefined;
  let couponCode: string | null = null;
  const rewardId = randomId();
  if (prize && drawPrize) {
    if (!(await takeStock(trx, campaign, prize))) {
      outcome = 'outOfStock';
    } else if (!(await takeBudget(trx, campaign, drawPrize.valueMicros))) {
      await giveBackStock(trx, campaignId, drawPrize.id);
      outcome = 'overBudget';
    } else if (pools[drawPrize.id] !== undefined) {
      couponCode = await takeCoupon(trx, input.dbKind, { campaignId, prizeId: drawPrize.id, rewardId, now });
      if (couponCode === null) {
        await giveBackStock(trx, campaignId, drawPrize.id);
        await giveBackBudget(trx, campaign, drawPrize.valueMicros);
        outcome = 'outOfStock';
      }
    }
    if (outcome !== 'win') prize = undefined;
  }

  // The chance is spent whatever the prize: daily free chances first (they expire), then the pool.
  const entryUpdate =
    bucket === 'daily'
      ? { daily_period: today, daily_used: entry.daily_period === today ? entry.daily_used + 1 : 1 }
      : bucket === 'pool'
        ? { pool_used: entry.pool_used + 1 }
        : {};
  await trx
    .updateTable('play_entries')
    .set({ ...entryUpdate, actions: entry.actions + 1, wins: entry.wins + (prize ? 1 : 0) })
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participant.id)
    .execute();

  let deliveries = 0;
  const at = now.toISOString();
  if (prize) {
    const prizeId = String(prize.id);
    await trx
      .insertInto('play_prize_wins')
      .values({
        project_id: campaign.row.project_id,
        campaign_id: campaignId,
        participant_id: participant.id,
        prize_id: prizeId,
        wins: 1,
      })
      .onConflict((oc) =>
        oc
          .columns(['campaign_id', 'participant_id', 'prize_id'])
          .doUpdateSet({ wins: sql`play_prize_wins.wins + 1` }),
      )
      .execute();
    deliveries = await writeReward(trx, input, {
      prize,
      rewardId,
      couponCode,
      valueMicros: drawPrize?.valueMicros ?? 0,
      entry,
      at,
    });
  }

  const answerPrize = prize ?? thankPrize(campaign);
  const result = { prize: prizeAnswer(answerPrize, campaign), rewardId: prize ? rewardId : null };
  await trx
    .insertInto('play_actions')
    .values(
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
    )
    .execute();
  return { result, replayed: false, deliveries };
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
): Promise<number> {
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
  await trx
    .insertInto('reward_records')
    .values({
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
    })
    .execute();
  if (deliveryType !== 'callback' || typeof prize.callbackUrl !== 'string') return 0;
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
  return 1;
}

async function share(trx: Transaction<Database>, input: ActionInput): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const today = playDay(now.getTime(), campaign.timezone);
  const entry = await entryRow(trx, campaign.row.id, participant.id);
  const reason = entryReason(campaign, participant, now, false);
  // Sharing is always allowed (anonymous visitors too); it earns chances only while one may play.
  let granted = 0;
  if (reason === null || reason === 'loginRequired') {
    const sharesToday = await grantedTotal(trx, campaign.row.id, participant.id, 'share', today);
    granted = shareGrant(campaign.chances, sharesToday.total);
    if (granted > 0) {
      await trx
        .insertInto('play_chance_grants')
        .values({
          id: randomId(),
          project_id: campaign.row.project_id,
          campaign_id: campaign.row.id,
          participant_id: participant.id,
          source: 'share',
          period: today,
          ref: input.key,
          amount: granted,
          created_at: now.toISOString(),
        })
        .execute();
    }
  }
  const channel = typeof input.body.channel === 'string' ? input.body.channel : null;
  const result = { granted, channel };
  await trx
    .insertInto('play_actions')
    .values(actionRow(input, { result: JSON.stringify(result), outcome: 'share' }, today, entry))
    .execute();
  await trx
    .updateTable('play_entries')
    .set({ actions: entry.actions + 1 })
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .execute();
  return { result, replayed: false, deliveries: 0 };
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
    const added = await trx
      .insertInto('play_chance_grants')
      .values({
        id: randomId(),
        project_id: campaign.row.project_id,
        campaign_id: campaign.row.id,
        participant_id: inviter.id,
        source: 'invite',
        period: 'total',
        ref: invitee.id,
        amount,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['campaign_id', 'participant_id', 'source', 'ref']).doNothing())
      .executeTakeFirst();
    return Number(added.numInsertedOrUpdatedRows ?? 0) === 1 ? amount : 0;
  });
}
