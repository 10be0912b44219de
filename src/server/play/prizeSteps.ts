// Giving a prize once a mechanic has decided one: stock, budget and coupon codes taken by
// conditional writes (and given back when a later step fails), the participant's wins, the reward
// record with its delivery outbox row, and the prize as an action answers it. The entry, chances
// and action rows are playSteps.ts.
import { takeRewardAllowances } from './risk/riskGate';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { hotInsert, hotQuery } from '../db/hotQuery';
import { textInLanguage } from '../lists/textInLanguage';
import type { DrawState } from '../../engine/play/draw';
import { takeCoupon } from './delivery/coupons';
import { drawPrizeOf, obj, type Config, type PlayCampaign } from './playCampaign';
import type { ActionInput, EntryRow } from './playSteps';
import type { ParticipantRow, RewardRecordRow } from './playTables';

type EntryKey = { campaignId: string; participantId: string };

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
  held_at: true,
  held_by: true,
  created_at: true,
  updated_at: true,
});

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

/** What a reward record is written from. */
interface RewardArgs {
  prize: Config;
  rewardId: string;
  couponCode: string | null;
  valueMicros: number;
  entry: {
    channel: string | null;
    inviter_id: string | null;
    is_new_user: number;
    risk_flag?: string | null;
  };
  at: string;
}

/** The participant code of whoever invited the winner (the record's superior), or null. */
async function superiorCode(trx: Transaction<Database>, inviterId: string | null): Promise<string | null> {
  if (!inviterId) return null;
  const inviter = await trx
    .selectFrom('participants')
    .select('code')
    .where('id', '=', inviterId)
    .executeTakeFirst();
  return inviter?.code ?? null;
}

/**
 * A prize with a reward form of the project opens a pending submission for the winner; a form
 * that is gone (or another project's) opens none.
 */
async function openFormSubmission(
  trx: Transaction<Database>,
  input: ActionInput,
  prize: Config,
  at: string,
): Promise<{ formId: string | null; submissionId: string | null }> {
  const { campaign, participant } = input;
  if (typeof prize.formId !== 'string' || !prize.formId) return { formId: null, submissionId: null };
  const form = await trx
    .selectFrom('reward_forms')
    .select('id')
    .where('id', '=', prize.formId)
    .where('project_id', '=', campaign.row.project_id)
    .executeTakeFirst();
  if (!form) return { formId: null, submissionId: null };
  const submissionId = randomId();
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
  return { formId: form.id, submissionId };
}

/** How a prize is delivered: by callback, by customer service, or by the system at once. */
function deliveryTypeOf(prize: Config): RewardRecordRow['delivery_type'] {
  return prize.deliveryType === 'callback' || prize.deliveryType === 'customer-service'
    ? prize.deliveryType
    : 'system';
}

/**
 * The reward record of a win (a system prize is awarded at once; the others wait). A reward held
 * from the start (`held`: its winner flagged by the risk rules, or on the blocklist) waits for an
 * operator, a system prize included.
 */
function rewardRecord(
  input: ActionInput,
  args: RewardArgs,
  more: {
    prizeName: string;
    superior: string | null;
    formId: string | null;
    submissionId: string | null;
    held: 'risk' | 'blocklist' | null;
  },
): RewardRecordRow {
  const { campaign, participant } = input;
  const deliveryType = deliveryTypeOf(args.prize);
  const held = more.held !== null && (deliveryType !== 'system' || more.held === 'blocklist');
  return {
    id: args.rewardId,
    project_id: campaign.row.project_id,
    campaign_id: campaign.row.id,
    participant_id: participant.id,
    action_id: input.key,
    prize_id: String(args.prize.id),
    prize_name: more.prizeName,
    prize: JSON.stringify(args.prize),
    delivery_type: deliveryType,
    award_status: deliveryType === 'system' && !held ? 'success' : 'pending',
    status_detail: null,
    value_micros: args.valueMicros,
    coupon_code: args.couponCode,
    form_id: more.formId,
    form_submission_id: more.submissionId,
    user_id: participant.user_id,
    superior: more.superior,
    is_new_user: args.entry.is_new_user,
    channel: args.entry.channel,
    method: input.action,
    os: participant.os,
    country: participant.country,
    time_zone: campaign.timezone,
    awarded_by: null,
    awarded_at: null,
    held_at: held ? args.at : null,
    held_by: held ? more.held : null,
    created_at: args.at,
    updated_at: args.at,
  };
}

/**
 * Whether the winner's user id or device is on the project's blocklist: checked for rewards given
 * on a participant's behalf (a task completed by an event, an invite decided), which no session or
 * action guard saw. Their rewards are held for an operator instead of given.
 */
async function listed(trx: Transaction<Database>, input: ActionInput): Promise<boolean> {
  const { participant } = input;
  const ids = [
    ...(participant.user_id !== null ? [{ kind: 'user' as const, value: participant.user_id }] : []),
    ...(participant.device_id !== null ? [{ kind: 'device' as const, value: participant.device_id }] : []),
  ];
  if (ids.length === 0) return false;
  const row = await trx
    .selectFrom('risk_blocklist')
    .select('id')
    .where('project_id', '=', participant.project_id)
    .where((eb) => eb.or(ids.map((id) => eb.and([eb('kind', '=', id.kind), eb('value', '=', id.value)]))))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes a win's reward record (with its form submission when the prize has a form) and, for a
 * callback prize, its pending signed delivery. Answers the deliveries queued (0 or 1).
 */
export async function writeReward(
  trx: Transaction<Database>,
  input: ActionInput,
  args: RewardArgs,
): Promise<{ deliveries: number; record: RewardRecordRow }> {
  const { campaign, participant } = input;
  const { prize, rewardId, at } = args;
  const lang =
    typeof campaign.config.defaultLanguage === 'string' ? campaign.config.defaultLanguage : 'zh-CN';
  const prizeName = textInLanguage(prize.name, lang, lang);
  const superior = await superiorCode(trx, args.entry.inviter_id);
  const form = await openFormSubmission(trx, input, prize, at);
  const held = args.entry.risk_flag ? 'risk' : !input.risk && (await listed(trx, input)) ? 'blocklist' : null;
  const record = rewardRecord(input, args, { prizeName, superior, ...form, held });
  await insertReward(trx, record);
  if (record.delivery_type !== 'callback' || typeof prize.callbackUrl !== 'string')
    return { deliveries: 0, record };
  await trx
    .insertInto('reward_deliveries')
    .values({
      id: randomId(),
      project_id: campaign.row.project_id,
      reward_id: rewardId,
      url: prize.callbackUrl,
      payload: rewardCallbackPayload({ rewardId, campaign, participant, prize, prizeName, at }),
      // A reward on hold from the start (its winner flagged) waits for an operator's release.
      state: record.held_at === null ? 'pending' : 'held',
      attempts: 0,
      next_at: at,
      created_at: at,
      finished_at: null,
    })
    .execute();
  return { deliveries: 1, record };
}

export type GiveOutcome = 'win' | 'outOfStock' | 'overBudget';

/**
 * Takes a prize the player earned: its stock, then its value from the budget, then a code when
 * the prize has an imported pool. A step that fails gives back the earlier ones, so nothing is
 * counted for a prize not given; the caller answers the thank-you prize.
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
 * Records a prize given: the risk rules' daily reward allowances taken (for an action a
 * participant asked for), the participant's win counted (when a prize limits wins), the reward
 * record, and for a callback prize its delivery row.
 */
export async function recordWin(
  trx: Transaction<Database>,
  input: ActionInput,
  win: { prize: Config; rewardId: string; couponCode: string | null; valueMicros: number; entry: EntryRow },
): Promise<{ deliveries: number; record: RewardRecordRow }> {
  const { campaign, participant, now } = input;
  // A reward a participant asked for takes from the campaign's daily allowances: past one, the
  // action is refused and undone (the stock and budget just taken included).
  if (input.risk) await takeRewardAllowances(trx, campaign, input.risk, now.getTime());
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

/** A prize awarded (its reward id, value and record) or why it was not given. */
export type Award =
  | { outcome: 'win'; rewardId: string; valueMicros: number; deliveries: number; record: RewardRecordRow }
  | { outcome: Exclude<GiveOutcome, 'win'> };

/**
 * Gives a prize within its stock and the budget (and a code from its pool) under a new reward id
 * and, when it is given, records the win (`recordWin`: the win counted, the reward record, a
 * callback's delivery).
 */
export async function awardPrize(
  trx: Transaction<Database>,
  input: ActionInput,
  prize: Config,
  entry: EntryRow,
): Promise<Award> {
  const rewardId = randomId();
  const given = await givePrize(trx, input, prize, rewardId);
  if (given.outcome !== 'win') return { outcome: given.outcome };
  const { couponCode, valueMicros } = given;
  const written = await recordWin(trx, input, { prize, rewardId, couponCode, valueMicros, entry });
  return { outcome: 'win', rewardId, valueMicros, ...written };
}
