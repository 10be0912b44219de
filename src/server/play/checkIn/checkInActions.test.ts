import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';

// The check-in without HTTP: runAction over a migrated in-memory database. The campaign's time zone
// is GMT+08:00, so 08:00 UTC on 1 March is the local day 2026-03-01, and the campaign (online since
// the day before) starts on the local day 2026-02-28, the one day a make-up can reach.
const NOW = new Date('2026-03-01T08:00:00.000Z');
const TODAY = '2026-03-01';
const YESTERDAY = '2026-02-28';

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const act = (
  campaign: PlayCampaign,
  participant: ParticipantRow,
  key: string,
  body: Record<string, unknown> = {},
  action = 'checkIn',
) => runAction(t.db, { campaign, participant, action, key, body, now: NOW, dbKind: 'sqlite' });

const checkIns = () =>
  t.db
    .selectFrom('play_checkins')
    .select(['day', 'make_up', 'cycle', 'position', 'streak'])
    .orderBy('day')
    .execute();

const actions = () =>
  t.db
    .selectFrom('play_actions')
    .select(['idempotency_key', 'action', 'outcome', 'prize_id', 'day'])
    .orderBy('created_at')
    .orderBy('idempotency_key')
    .execute();

describe('checkIn (server, without HTTP)', () => {
  it("checks in today: the cycle day's and the accumulated reward, the rows, and a refused second check-in", async () => {
    const campaign = await t.addCampaign('check-in', {
      cycleDays: 7,
      dailyRewards: [{ day: 1, prizeId: 'coins' }],
      accumulatedRewards: [{ days: 1, prizeId: 'badge' }],
      prizes: [
        { id: 'coins', name: 'Coins', unlimitedStock: false, stock: 1 },
        { id: 'badge', name: 'Badge', unlimitedStock: true },
      ],
    });
    const ann = await t.addParticipant('ann');
    const first = await act(campaign, ann, 'c1');
    expect(first.replayed).toBe(false);
    expect(first.result).toMatchObject({
      day: TODAY,
      makeUp: false,
      cycle: 0,
      position: 1,
      streak: 1,
      total: 1,
      rewards: [
        { kind: 'daily', days: 1, prizeId: 'coins', outcome: 'win' },
        { kind: 'accumulated', days: 1, prizeId: 'badge', outcome: 'win' },
      ],
    });
    const rewards = first.result.rewards as { rewardId: string }[];
    expect(first.reward?.id).toBe(rewards[0].rewardId);
    expect(await checkIns()).toEqual([{ day: TODAY, make_up: 0, cycle: 0, position: 1, streak: 1 }]);
    const records = await t.db
      .selectFrom('reward_records')
      .select(['id', 'prize_id'])
      .orderBy('prize_id')
      .execute();
    expect(records).toEqual([
      { id: rewards[1].rewardId, prize_id: 'badge' },
      { id: rewards[0].rewardId, prize_id: 'coins' },
    ]);
    const entry = await t.db
      .selectFrom('play_entries')
      .select(['wins', 'pool_used'])
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ wins: 1, pool_used: 0 });

    // The same key answers the first result; another key the same day is refused.
    expect(await act(campaign, ann, 'c1')).toMatchObject({ replayed: true, result: first.result });
    await expect(act(campaign, ann, 'c2')).rejects.toMatchObject({ key: 'checkIn.alreadyCheckedIn' });
    expect(await actions()).toEqual([
      { idempotency_key: 'c1', action: 'checkIn', outcome: 'checkIn', prize_id: 'coins', day: TODAY },
    ]);
  });

  it('answers a reward out of stock or over the budget without giving it, and still checks in', async () => {
    const campaign = await t.addCampaign('check-in', {
      cycleDays: 7,
      budget: { total: 1 },
      dailyRewards: [{ day: 1, prizeId: 'gone' }],
      accumulatedRewards: [{ days: 1, prizeId: 'cash' }],
      prizes: [
        { id: 'gone', name: 'Gone', unlimitedStock: false, stock: 0 },
        { id: 'cash', name: 'Cash', unlimitedStock: true, value: 2 },
      ],
    });
    const ann = await t.addParticipant('ann');
    const answer = await act(campaign, ann, 'c1');
    expect(answer.result.rewards).toEqual([
      { kind: 'daily', days: 1, prizeId: 'gone', rewardId: null, outcome: 'outOfStock' },
      { kind: 'accumulated', days: 1, prizeId: 'cash', rewardId: null, outcome: 'overBudget' },
    ]);
    expect(answer.reward).toBeUndefined();
    expect(await checkIns()).toEqual([{ day: TODAY, make_up: 0, cycle: 0, position: 1, streak: 1 }]);
    expect(await t.db.selectFrom('reward_records').selectAll().execute()).toEqual([]);
    expect(await actions()).toEqual([
      { idempotency_key: 'c1', action: 'checkIn', outcome: 'checkIn', prize_id: null, day: TODAY },
    ]);
  });

  it('makes up a missed day once a share pays for it, and refuses a bad day or a forbidden make-up', async () => {
    const campaign = await t.addCampaign('check-in', { cycleDays: 7, allowMakeUp: true, makeUpShares: 1 });
    const ann = await t.addParticipant('ann');
    await expect(act(campaign, ann, 'm0', { day: 'yesterday' })).rejects.toMatchObject({
      key: 'checkIn.makeUpDayInvalid',
    });
    await expect(act(campaign, ann, 'm1', { day: YESTERDAY })).rejects.toMatchObject({
      key: 'checkIn.makeUpSharesNeeded',
      options: { params: { count: 1 } },
    });
    await act(campaign, ann, 's1', {}, 'share');
    const madeUp = await act(campaign, ann, 'm2', { day: YESTERDAY });
    expect(madeUp.result).toMatchObject({ day: YESTERDAY, makeUp: true, position: 1, streak: 1 });
    // The share paid for one make-up; today's check-in continues the streak.
    expect((await act(campaign, ann, 'c1')).result).toMatchObject({ day: TODAY, position: 2, streak: 2 });
    expect(await checkIns()).toEqual([
      { day: YESTERDAY, make_up: 1, cycle: 0, position: 1, streak: 1 },
      { day: TODAY, make_up: 0, cycle: 0, position: 2, streak: 2 },
    ]);
    expect((await actions()).map((a) => [a.idempotency_key, a.outcome, a.day])).toEqual([
      ['c1', 'checkIn', TODAY],
      ['m2', 'makeUp', TODAY],
      ['s1', 'share', TODAY],
    ]);

    const strict = await t.addCampaign('check-in', { cycleDays: 7 });
    await expect(act(strict, ann, 'x1', { day: YESTERDAY })).rejects.toMatchObject({
      key: 'checkIn.makeUpNotAllowed',
    });
  });
});
