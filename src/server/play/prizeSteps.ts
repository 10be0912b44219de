// Giving a prize once a mechanic has decided one: stock, budget and coupon codes taken by
// conditional writes (and given back when a later step fails), the participant's wins, and the
// prize as an action answers it. The reward record and its delivery outbox row are rewardWrite.ts;
// the entry, chances and action rows are playSteps.ts.
import { takeRewardAllowances } from './risk/riskGate';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { hotQuery } from '../db/hotQuery';
import { textInLanguage } from '../lists/textInLanguage';
import type { DrawState } from '../../engine/play/draw';
import { takeCoupon } from './delivery/coupons';
import { drawPrizeOf, type Config, type PlayCampaign } from './playCampaign';
import type { ActionInput, EntryRow } from './playSteps';
import { writeReward } from './rewardWrite';
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

/** Whether a prize has an imported code pool (then each win takes a code, and none left = out of stock). */
export async function hasCouponPool(
  trx: Transaction<Database>,
  campaignId: string,
  prizeId: string,
): Promise<boolean> {
  return (await couponPoolRow(trx, { campaignId, prizeId })).rows.length > 0;
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
