import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { Config, PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import type { IngestEvent } from '../../sdk/validateSdkEvent';
import { coinBalance, earnCoinsByEvents } from './poolService';
import { settleRounds } from './poolSettle';

// The coin pool's stake and claim without HTTP: runAction over a migrated in-memory database with
// two pools and three participants. The campaigns run from a day before NOW for a week; the first
// round ends an hour after NOW (the draw time) and its shares are claimed within two hours.
const NOW = new Date('2026-03-01T08:00:00.000Z');
const HOUR = 3_600_000;
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const poolConfig = (total: number): Config => ({
  drawTime: later(1).toISOString(),
  roundHours: 24,
  claimValidHours: 2,
  pool: { total, perUserMax: 0 },
  tasks: [
    { id: 'sign', title: 'Sign in', event: 'sign_in', coins: 10 },
    { id: 'buy', title: 'Order', event: 'order', coins: 50 },
  ],
});

const act = (
  campaign: PlayCampaign,
  participant: ParticipantRow,
  action: 'stake' | 'claimShare',
  key: string,
  body: Record<string, unknown>,
  now = NOW,
) => runAction(t.db, { campaign, participant, action, key, body, now, dbKind: 'sqlite' });

/** The app's events for a user, as the project's server reports them: task coins in every running pool. */
async function appEvents(userId: string, names: string[], campaigns: PlayCampaign[]) {
  const events: IngestEvent[] = names.map((name, i) => ({
    eventId: `${userId}-${name}-${i}`,
    name,
    category: 'custom',
    deviceId: `device-${userId}`,
    userId,
    platform: 'ios',
    time: NOW.toISOString(),
    day: 0,
    data: null,
    linkId: null,
    activityId: null,
    source: null,
    sdkVersion: null,
    appVersion: null,
    os: null,
    osVersion: null,
    country: null,
    language: null,
    testDevice: false,
    via: 'server',
  }));
  const rows = campaigns.map((c) => c.row);
  return t.db.transaction().execute((trx) => earnCoinsByEvents(trx, t.projectId, events, NOW, rows));
}

const records = (campaign: PlayCampaign, kind: string) =>
  t.db
    .selectFrom('play_coin_records')
    .innerJoin('participants', 'participants.id', 'play_coin_records.participant_id')
    .select(['participants.user_id as user', 'amount', 'round', 'ref'])
    .where('campaign_id', '=', campaign.row.id)
    .where('kind', '=', kind)
    .orderBy('participants.user_id')
    .orderBy('ref')
    .execute();

const actionsOf = (campaign: PlayCampaign) =>
  t.db
    .selectFrom('play_actions')
    .select(['idempotency_key', 'action', 'outcome'])
    .where('campaign_id', '=', campaign.row.id)
    .orderBy('created_at')
    .orderBy('idempotency_key')
    .execute();

describe('stake (server, without HTTP)', () => {
  it('stakes held coins into the running round of each pool apart; refusals spend nothing; a replay answers the first answer', async () => {
    const first = await t.addCampaign('pool', poolConfig(1000));
    const second = await t.addCampaign('pool', poolConfig(500));
    const [amy, ben] = [await t.addParticipant('amy'), await t.addParticipant('ben')];
    // Amy earns 60 in each pool (a task once per round), Ben 10.
    expect(await appEvents('amy', ['sign_in', 'order', 'sign_in'], [first, second])).toBe(4);
    expect(await appEvents('ben', ['sign_in'], [first, second])).toBe(2);

    const staked = await act(first, amy, 'stake', 's1', { coins: 40 });
    expect(staked).toMatchObject({ replayed: false, result: { round: 0, staked: 40, balance: 20 } });
    // The same key answers the first answer and stakes nothing more.
    expect(await act(first, amy, 'stake', 's1', { coins: 40 })).toEqual({
      result: staked.result,
      replayed: true,
      deliveries: 0,
    });
    // Refusals, in their order, spend nothing.
    await expect(act(first, amy, 'stake', 's2', { coins: 21 })).rejects.toMatchObject({
      key: 'pool.notEnoughCoins',
      options: { params: { balance: 20 } },
    });
    await expect(act(first, amy, 'stake', 's3', { coins: 0 })).rejects.toMatchObject({
      key: 'pool.badCoins',
    });
    await expect(act(first, amy, 'stake', 's4', { coins: '5' })).rejects.toMatchObject({
      key: 'pool.badCoins',
    });
    await expect(act(first, amy, 'stake', 's5', { coins: 5 }, later(7 * 24))).rejects.toMatchObject({
      key: 'play.ended',
    });
    expect(await coinBalance(t.db, first.row.id, amy.id)).toBe(20);

    // The second pool keeps its own coins: Amy still holds 60 there; Ben his 10 in each.
    expect((await act(second, amy, 'stake', 's1', { coins: 60 })).result).toEqual({
      round: 0,
      staked: 60,
      balance: 0,
    });
    expect((await act(first, ben, 'stake', 's1', { coins: 10 })).result).toMatchObject({ balance: 0 });
    await expect(act(second, ben, 'stake', 's1', { coins: 11 })).rejects.toMatchObject({
      key: 'pool.notEnoughCoins',
      options: { params: { balance: 10 } },
    });
    expect(await records(first, 'deduct')).toEqual([
      { user: 'amy', amount: 40, round: 0, ref: 'stake:s1' },
      { user: 'ben', amount: 10, round: 0, ref: 'stake:s1' },
    ]);
    expect(await records(second, 'deduct')).toEqual([{ user: 'amy', amount: 60, round: 0, ref: 'stake:s1' }]);
    expect(await actionsOf(first)).toEqual([
      { idempotency_key: 's1', action: 'stake', outcome: 'stake' },
      { idempotency_key: 's1', action: 'stake', outcome: 'stake' },
    ]);
  });

  it('refuses a stake before the campaign starts, with the coins still held', async () => {
    const pool = await t.addCampaign('pool', poolConfig(1000), {
      start_time: later(-1).toISOString(),
      end_time: later(48).toISOString(),
    });
    const amy = await t.addParticipant('amy');
    await appEvents('amy', ['order'], [pool]);
    await expect(act(pool, amy, 'stake', 's1', { coins: 5 }, later(-2))).rejects.toMatchObject({
      key: 'play.notStarted',
    });
    expect(await coinBalance(t.db, pool.row.id, amy.id)).toBe(50);
    expect(await actionsOf(pool)).toEqual([]);
  });
});

describe('claimShare (server, without HTTP)', () => {
  it('pays each settled share once, within the claim time, in each pool apart', async () => {
    const first = await t.addCampaign('pool', poolConfig(1000));
    const second = await t.addCampaign('pool', poolConfig(500));
    const [amy, ben, cat] = [
      await t.addParticipant('amy'),
      await t.addParticipant('ben'),
      await t.addParticipant('cat'),
    ];
    await appEvents('amy', ['order'], [first, second]);
    await appEvents('ben', ['order'], [first]);
    await appEvents('cat', ['order'], [first]);
    await act(first, amy, 'stake', 'a', { coins: 30 });
    await act(first, ben, 'stake', 'b', { coins: 10 });
    await act(second, amy, 'stake', 'a', { coins: 50 });
    // Cat staked nothing: no share to claim.

    // Before the round is settled there is no share.
    await expect(act(first, amy, 'claimShare', 'c0', { round: 0 }, later(0.5))).rejects.toMatchObject({
      key: 'pool.noShare',
    });
    const settledAt = later(1);
    for (const pool of [first, second])
      expect(await t.db.transaction().execute((trx) => settleRounds(trx, pool, settledAt))).toBe(1);

    const at = later(2);
    const claimed = await act(first, amy, 'claimShare', 'c1', { round: 0 }, at);
    expect(claimed.result).toMatchObject({ round: 0, share: 750 });
    expect(claimed.reward).toMatchObject({ id: claimed.result.rewardId, prize_id: 'pool-share' });
    // The same key answers the first answer; another key is refused: a share pays once.
    expect(await act(first, amy, 'claimShare', 'c1', { round: 0 }, at)).toEqual({
      result: claimed.result,
      replayed: true,
      deliveries: 0,
    });
    await expect(act(first, amy, 'claimShare', 'c2', { round: 0 }, at)).rejects.toMatchObject({
      key: 'pool.claimed',
    });
    for (const [round, key] of [
      [1, 'c3'],
      [99, 'c4'],
      [-1, 'c5'],
      ['0', 'c6'],
    ] as const)
      await expect(act(first, amy, 'claimShare', key, { round }, at)).rejects.toMatchObject({
        key: 'pool.noShare',
      });
    await expect(act(first, cat, 'claimShare', 'c1', { round: 0 }, at)).rejects.toMatchObject({
      key: 'pool.noShare',
    });
    // Amy's share of the second pool is its own, the whole of it.
    expect((await act(second, amy, 'claimShare', 'c1', { round: 0 }, at)).result).toMatchObject({
      round: 0,
      share: 500,
    });
    // Ben comes when the claim time is over (an hour after the round's end plus two): refused.
    await expect(act(first, ben, 'claimShare', 'c1', { round: 0 }, later(3))).rejects.toMatchObject({
      key: 'pool.claimExpired',
    });

    expect(await records(first, 'claim')).toEqual([{ user: 'amy', amount: 750, round: 0, ref: 'claim:0' }]);
    expect(await records(second, 'claim')).toEqual([{ user: 'amy', amount: 500, round: 0, ref: 'claim:0' }]);
    const shares = await t.db
      .selectFrom('play_pool_shares')
      .select(['campaign_id', 'participant_id', 'share', 'reward_id'])
      .where('claimed_at', 'is not', null)
      .execute();
    expect(shares).toHaveLength(2);
    const rewards = await t.db
      .selectFrom('reward_records')
      .select(['id', 'campaign_id', 'participant_id'])
      .orderBy('campaign_id')
      .execute();
    expect(rewards.map((r) => r.id).sort()).toEqual(shares.map((s) => s.reward_id).sort());
    expect(rewards.every((r) => r.participant_id === amy.id)).toBe(true);
    expect((await actionsOf(first)).filter((a) => a.action === 'claimShare')).toEqual([
      { idempotency_key: 'c1', action: 'claimShare', outcome: 'win' },
    ]);
  });
});
