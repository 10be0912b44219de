import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { diceProgress } from './diceActions';

// A roll without HTTP: runAction over a migrated in-memory database. Every cell a throw can reach
// from the start in two rolls (1 to 12) holds the prize, so each roll lands on it whatever the die
// says; the throw itself is unit-tested with seeded values in engine/play/dice.test.ts.
const NOW = new Date('2026-03-01T08:00:00.000Z');

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const rollOnce = (campaign: PlayCampaign, participant: ParticipantRow, key: string) =>
  runAction(t.db, { campaign, participant, action: 'roll', key, body: {}, now: NOW, dbKind: 'sqlite' });

describe('roll (server, without HTTP)', () => {
  it('moves by the throw, gives the cell prize within its stock, keeps the place and spends a die', async () => {
    const campaign = await t.addCampaign('dice', {
      boardSize: 16,
      initialDice: 2,
      cells: Array.from({ length: 12 }, (_, i) => ({ index: i + 1, prizeId: 'coins' })),
      prizes: [{ id: 'coins', name: 'Coins', unlimitedStock: false, stock: 1 }],
    });
    const ann = await t.addParticipant('ann');
    const first = (await rollOnce(campaign, ann, 'r1')).result;
    expect(first).toMatchObject({
      from: 0,
      position: first.roll,
      laps: 0,
      outcome: 'win',
      cellPrizeId: 'coins',
    });
    expect(first.prize).toMatchObject({ id: 'coins', name: 'Coins' });
    const second = (await rollOnce(campaign, ann, 'r2')).result;
    // The prize's one item is given: the second landing keeps nothing.
    expect(second).toMatchObject({
      from: first.position,
      position: Number(first.position) + Number(second.roll),
      outcome: 'outOfStock',
      prize: null,
      rewardId: null,
    });
    await expect(rollOnce(campaign, ann, 'r3')).rejects.toMatchObject({ key: 'play.noChances' });
    expect(await diceProgress(t.db, campaign, ann)).toEqual({
      dice: { position: second.position, laps: 0, rolls: 2 },
    });
    const actions = await t.db
      .selectFrom('play_actions')
      .select(['idempotency_key', 'random_value', 'outcome', 'chance_bucket'])
      .orderBy('idempotency_key')
      .execute();
    expect(actions).toEqual([
      { idempotency_key: 'r1', random_value: Number(first.roll) - 1, outcome: 'win', chance_bucket: 'pool' },
      {
        idempotency_key: 'r2',
        random_value: Number(second.roll) - 1,
        outcome: 'outOfStock',
        chance_bucket: 'pool',
      },
    ]);
    const entry = await t.db
      .selectFrom('play_entries')
      .select(['pool_used', 'wins'])
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ pool_used: 2, wins: 1 });
  });

  it('refuses once the budget is spent', async () => {
    const campaign = await t.addCampaign('dice', {
      boardSize: 16,
      initialDice: 3,
      budget: { total: 1 },
      cells: Array.from({ length: 15 }, (_, i) => ({ index: i + 1, prizeId: 'cash' })),
      prizes: [{ id: 'cash', name: 'Cash', unlimitedStock: true, value: 1 }],
    });
    const ann = await t.addParticipant('ann');
    expect((await rollOnce(campaign, ann, 'r1')).spentMicros).toBe(1_000_000);
    await expect(rollOnce(campaign, ann, 'r2')).rejects.toMatchObject({ key: 'play.overBudget' });
  });
});
