import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { Config, PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';

// The draw without HTTP: runAction over a migrated in-memory database. Odds of 100% and 0% make
// each draw's prize certain; the decision's randomness is unit-tested in engine/play/draw.test.ts.
const NOW = new Date('2026-03-01T08:00:00.000Z');

const thanks = { id: 'thanks', name: 'Thanks', isThank: true };
const prize = (over: Config) => ({ id: 'p', name: 'Prize', odds: 100, unlimitedStock: true, ...over });

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

let keys = 0;
const drawOnce = (campaign: PlayCampaign, participant: ParticipantRow, key = `k${++keys}`, now = NOW) =>
  runAction(t.db, { campaign, participant, action: 'draw', key, body: {}, now, dbKind: 'sqlite' });

const entryOf = (campaign: PlayCampaign, participant: ParticipantRow) =>
  t.db
    .selectFrom('play_entries')
    .select(['daily_period', 'daily_used', 'pool_used', 'actions', 'wins'])
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirstOrThrow();

const actionsOf = (campaign: PlayCampaign) =>
  t.db
    .selectFrom('play_actions')
    .select([
      'idempotency_key',
      'odds',
      'random_value',
      'prize_id',
      'reward_id',
      'chance_bucket',
      'outcome',
      'day',
    ])
    .where('campaign_id', '=', campaign.row.id)
    .orderBy('created_at')
    .orderBy('idempotency_key')
    .execute();

describe('draw (server, without HTTP)', () => {
  it("spends today's free chance, then the pool, then refuses; the entry and the action keep what was decided", async () => {
    const campaign = await t.addCampaign('draw', {
      chances: { dailyFree: 1, initialCount: 1 },
      prizes: [prize({ odds: 0 }), thanks],
    });
    const ann = await t.addParticipant('ann');
    const first = await drawOnce(campaign, ann, 'a1');
    expect(first.result).toEqual({
      prize: { id: 'thanks', name: 'Thanks', image: null, isThank: true },
      rewardId: null,
    });
    await drawOnce(campaign, ann, 'a2');
    await expect(drawOnce(campaign, ann, 'a3')).rejects.toMatchObject({ key: 'play.noChances' });
    // The campaign's local day (GMT+08:00) is 1 March at 08:00 UTC.
    expect(await entryOf(campaign, ann)).toEqual({
      daily_period: '2026-03-01',
      daily_used: 1,
      pool_used: 1,
      actions: 2,
      wins: 0,
    });
    const odds = JSON.stringify([
      { prizeId: 'p', hundredths: 0 },
      { prizeId: 'thanks', hundredths: 10_000 },
    ]);
    const rows = await actionsOf(campaign);
    expect(
      rows.map((r) => [r.idempotency_key, r.chance_bucket, r.outcome, r.prize_id, r.odds, r.day]),
    ).toEqual([
      ['a1', 'daily', 'thanks', 'thanks', odds, '2026-03-01'],
      ['a2', 'pool', 'thanks', 'thanks', odds, '2026-03-01'],
    ]);
    expect(
      rows.every((r) => Number.isInteger(r.random_value) && r.random_value! >= 0 && r.random_value! < 10_000),
    ).toBe(true);
    // Another local day brings a free chance again.
    const nextDay = new Date('2026-03-01T16:00:00.000Z');
    expect((await drawOnce(campaign, ann, 'a4', nextDay)).replayed).toBe(false);
    expect(await entryOf(campaign, ann)).toMatchObject({
      daily_period: '2026-03-02',
      daily_used: 1,
      actions: 3,
    });
  });

  it('gives a limited prize exactly its stock, then the thank-you prize; a repeated key answers the first result', async () => {
    const campaign = await t.addCampaign('draw', {
      chances: { initialCount: 3 },
      prizes: [prize({ unlimitedStock: false, stock: 1 }), thanks],
    });
    const ann = await t.addParticipant('ann');
    const won = await drawOnce(campaign, ann, 'w1');
    expect(won.result).toMatchObject({ prize: { id: 'p', isThank: false } });
    expect(won.reward).toMatchObject({ prize_id: 'p', method: 'draw', award_status: 'success' });
    const again = await drawOnce(campaign, ann, 'w1');
    expect(again).toMatchObject({ replayed: true, result: won.result });
    const out = await drawOnce(campaign, ann, 'w2');
    expect(out.result).toMatchObject({ prize: { id: 'thanks' }, rewardId: null });
    expect((await actionsOf(campaign)).map((r) => [r.idempotency_key, r.outcome, r.prize_id])).toEqual([
      ['w1', 'win', 'p'],
      ['w2', 'outOfStock', 'thanks'],
    ]);
    const stock = await t.db.selectFrom('play_prize_stock').select('issued').executeTakeFirstOrThrow();
    expect(stock.issued).toBe(1);
    expect(await entryOf(campaign, ann)).toMatchObject({ pool_used: 2, actions: 2, wins: 1 });
  });

  it('spends the budget by the value given and refuses once it is spent', async () => {
    const campaign = await t.addCampaign('draw', {
      chances: { initialCount: 5 },
      budget: { total: 5 },
      prizes: [prize({ value: 2.5 }), thanks],
    });
    const ann = await t.addParticipant('ann');
    expect((await drawOnce(campaign, ann)).spentMicros).toBe(2_500_000);
    expect((await drawOnce(campaign, ann)).spentMicros).toBe(5_000_000);
    await expect(drawOnce(campaign, ann)).rejects.toMatchObject({ key: 'play.overBudget' });
    expect(await entryOf(campaign, ann)).toMatchObject({ pool_used: 2, wins: 2 });
    const rewards = await t.db.selectFrom('reward_records').select('value_micros').execute();
    expect(rewards.map((r) => r.value_micros)).toEqual([2_500_000, 2_500_000]);
  });

  it("holds a prize's per-user maximum and its user type", async () => {
    const once = await t.addCampaign('draw', {
      chances: { initialCount: 2 },
      prizes: [prize({ perUserMax: 1 }), thanks],
    });
    const vipOnly = await t.addCampaign('draw', {
      chances: { initialCount: 1 },
      prizes: [prize({ userType: 'vip' }), thanks],
    });
    const normal = await t.addParticipant('normal', 'normal');
    const vip = await t.addParticipant('vip', 'vip');
    const ids = async (campaign: PlayCampaign, participant: ParticipantRow) =>
      ((await drawOnce(campaign, participant)).result.prize as { id: string }).id;
    // At its maximum, the prize's odds go to the thank-you prize.
    expect([await ids(once, normal), await ids(once, normal)]).toEqual(['p', 'thanks']);
    expect(await ids(vipOnly, normal)).toBe('thanks');
    expect(await ids(vipOnly, vip)).toBe('p');
    const odds = (await actionsOf(once)).map((r) => JSON.parse(r.odds ?? 'null') as unknown);
    expect(odds[1]).toEqual([
      { prizeId: 'p', hundredths: 0 },
      { prizeId: 'thanks', hundredths: 10_000 },
    ]);
  });
});
