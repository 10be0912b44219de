import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moneyToMicros } from '../../engine/play/draw';
import { playTestDb, type PlayTestDb } from './playTestDb';
import { list, type Config, type PlayCampaign } from './playCampaign';
import { lockEntry, type ActionInput } from './playSteps';
import type { ParticipantRow } from './playTables';
import { awardPrize } from './prizeSteps';

// Giving a prize (awardPrize: stock, budget, the win recorded) over one migrated in-memory
// database holding several campaigns with prizes of the same ids and several participants, as a
// settlement, a task or a check-in gives one.
const NOW = new Date('2026-03-01T08:00:00.000Z');

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const prize = (id: string, fields: Config = {}): Config => ({
  id,
  name: `Prize ${id}`,
  deliveryType: 'system',
  ...fields,
});

let keys = 0;
/** awardPrize in its own transaction, for the participant's entry in the campaign. */
function award(campaign: PlayCampaign, participant: ParticipantRow, prizeId: string) {
  const config = campaign.prizes.find((p) => p.id === prizeId) as Config;
  return t.db.transaction().execute(async (trx) => {
    const input: ActionInput = {
      campaign,
      participant,
      action: 'award',
      key: `k${++keys}`,
      body: {},
      now: NOW,
      dbKind: 'sqlite',
    };
    return awardPrize(trx, input, config, await lockEntry(trx, input));
  });
}

/** The campaign as the server reads it once its config is saved with `fields` (a console edit). */
async function edited(campaign: PlayCampaign, fields: Config): Promise<PlayCampaign> {
  const config = { ...campaign.config, ...fields };
  const updatedAt = new Date(NOW.getTime() + 1000).toISOString();
  await t.db
    .updateTable('campaigns')
    .set({ config: JSON.stringify(config), updated_at: updatedAt })
    .where('id', '=', campaign.row.id)
    .execute();
  const total = Number((config.budget as Config | undefined)?.total ?? 0);
  return {
    ...campaign,
    row: { ...campaign.row, config: JSON.stringify(config), updated_at: updatedAt },
    config,
    prizes: list(config.prizes),
    budgetMicros: total > 0 ? moneyToMicros(total) : null,
  };
}

/** Each prize's issued counter per campaign, as `<campaign title>/<prize id>`. */
async function issued(...campaigns: PlayCampaign[]) {
  const rows = await t.db
    .selectFrom('play_prize_stock')
    .select(['campaign_id', 'prize_id', 'issued'])
    .execute();
  const title = new Map(campaigns.map((c) => [c.row.id, c.row.title]));
  return Object.fromEntries(rows.map((r) => [`${title.get(r.campaign_id)}/${r.prize_id}`, r.issued]));
}

/** Each campaign's reward records, as `<user id> <prize id>`. */
async function rewards(campaign: PlayCampaign) {
  const rows = await t.db
    .selectFrom('reward_records')
    .select(['user_id', 'prize_id'])
    .where('campaign_id', '=', campaign.row.id)
    .execute();
  return rows.map((r) => `${r.user_id} ${r.prize_id}`).sort();
}

describe('awardPrize: stock', () => {
  it("gives a prize of stock 1 exactly once in its campaign; another campaign's prize of the same id keeps its own", async () => {
    const a = await t.addCampaign('draw', { prizes: [prize('gold', { stock: 1 })] }, { title: 'A' });
    const b = await t.addCampaign('draw', { prizes: [prize('gold', { stock: 1 })] }, { title: 'B' });
    const [ann, bob, cat] = [
      await t.addParticipant('ann'),
      await t.addParticipant('bob'),
      await t.addParticipant('cat'),
    ];

    expect(await award(a, ann, 'gold')).toMatchObject({ outcome: 'win' });
    expect(await award(a, bob, 'gold')).toEqual({ outcome: 'outOfStock' });
    expect(await award(a, ann, 'gold')).toEqual({ outcome: 'outOfStock' });
    // A's stock is gone; B's gold is B's own.
    expect(await award(b, bob, 'gold')).toMatchObject({ outcome: 'win' });
    expect(await award(b, cat, 'gold')).toEqual({ outcome: 'outOfStock' });
    expect(await award(b, ann, 'gold')).toEqual({ outcome: 'outOfStock' });

    expect(await issued(a, b)).toEqual({ 'A/gold': 1, 'B/gold': 1 });
    expect(await rewards(a)).toEqual(['ann gold']);
    expect(await rewards(b)).toEqual(['bob gold']);
  });

  it('gives no more of a prize whose stock is set to 0, won or not; the same prize elsewhere is still given', async () => {
    const a = await t.addCampaign('draw', { prizes: [prize('gold', { stock: 5 })] }, { title: 'A' });
    const b = await t.addCampaign('draw', { prizes: [prize('gold', { stock: 5 })] }, { title: 'B' });
    const c = await t.addCampaign('draw', { prizes: [prize('gold', { stock: 5 })] }, { title: 'C' });
    const [ann, bob] = [await t.addParticipant('ann'), await t.addParticipant('bob')];

    expect(await award(a, ann, 'gold')).toMatchObject({ outcome: 'win' });
    // The operator sets A's stock to 0 after its one win, and B's before any.
    const aNone = await edited(a, { prizes: [prize('gold', { stock: 0 })] });
    const bNone = await edited(b, { prizes: [prize('gold', { stock: 0 })] });
    expect(await award(aNone, bob, 'gold')).toEqual({ outcome: 'outOfStock' });
    expect(await award(aNone, ann, 'gold')).toEqual({ outcome: 'outOfStock' });
    expect(await award(bNone, ann, 'gold')).toEqual({ outcome: 'outOfStock' });
    expect(await award(bNone, bob, 'gold')).toEqual({ outcome: 'outOfStock' });
    // C's gold, of the same id, still has its stock, for both.
    expect(await award(c, bob, 'gold')).toMatchObject({ outcome: 'win' });
    expect(await award(c, ann, 'gold')).toMatchObject({ outcome: 'win' });

    expect(await issued(a, b, c)).toEqual({ 'A/gold': 1, 'C/gold': 2 });
    expect(await rewards(a)).toEqual(['ann gold']);
    expect(await rewards(b)).toEqual([]);
    expect(await rewards(c)).toEqual(['ann gold', 'bob gold']);
  });
});

describe('awardPrize: budget', () => {
  it('gives back the stock it took when the budget refuses the prize, in that campaign and prize only', async () => {
    const a = await t.addCampaign(
      'draw',
      {
        budget: { total: 10 },
        prizes: [prize('gold', { stock: 2, value: 6 }), prize('silver', { stock: 5, value: 1 })],
      },
      { title: 'A' },
    );
    const b = await t.addCampaign(
      'draw',
      { prizes: [prize('gold', { stock: 2, value: 6 })] },
      { title: 'B' },
    );
    const [ann, bob, cat, dan] = [
      await t.addParticipant('ann'),
      await t.addParticipant('bob'),
      await t.addParticipant('cat'),
      await t.addParticipant('dan'),
    ];
    expect(await award(b, ann, 'gold')).toMatchObject({ outcome: 'win' });
    expect(await award(a, ann, 'gold')).toMatchObject({ outcome: 'win', valueMicros: 6_000_000 });
    expect(await award(a, ann, 'silver')).toMatchObject({ outcome: 'win', valueMicros: 1_000_000 });

    // 7 of 10 spent: gold's 6 does not fit. Its stock was taken first, then given back.
    expect(await award(a, bob, 'gold')).toEqual({ outcome: 'overBudget' });
    expect(await award(a, cat, 'gold')).toEqual({ outcome: 'overBudget' });
    expect(await issued(a, b)).toEqual({ 'A/gold': 1, 'A/silver': 1, 'B/gold': 1 });
    const spent = await t.db.selectFrom('play_budgets').select(['campaign_id', 'spent_micros']).execute();
    expect(spent).toEqual([{ campaign_id: a.row.id, spent_micros: 7_000_000 }]);

    // With a larger budget, gold's one remaining unit is given, and then no more.
    const larger = await edited(a, { budget: { total: 100 } });
    expect(await award(larger, bob, 'gold')).toMatchObject({ outcome: 'win' });
    expect(await award(larger, dan, 'gold')).toEqual({ outcome: 'outOfStock' });
    expect(await issued(a, b)).toEqual({ 'A/gold': 2, 'A/silver': 1, 'B/gold': 1 });
    expect(await rewards(a)).toEqual(['ann gold', 'ann silver', 'bob gold']);
    expect(await rewards(b)).toEqual(['ann gold']);
  });
});
