import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { tasksProgress } from './taskActions';

// The task center's `go` without HTTP: runAction over a migrated in-memory database, with several
// campaigns and participants. The decision itself (engine/play/tasks.ts, `decideGo`) is unit-tested
// with exact and seeded cases in tasks.test.ts.
const NOW = new Date('2026-03-01T08:00:00.000Z');

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const goOnce = (campaign: PlayCampaign, participant: ParticipantRow, key: string, taskId: unknown) =>
  runAction(t.db, { campaign, participant, action: 'go', key, body: { taskId }, now: NOW, dbKind: 'sqlite' });

/** A task center: a visit task with a coupon of `stock` items and `limits`, and an order task. */
const center = (limits: Record<string, number>, stock = 1, extra: Record<string, unknown> = {}) =>
  t.addCampaign('tasks', {
    tasks: [
      { id: 'visit', event: 'visit', limits, prizeId: 'coupon', status: 'online', ...extra },
      { id: 'order', event: 'order_paid', limits: { daily: 1 }, status: 'online' },
    ],
    prizes: [{ id: 'coupon', name: 'Coupon', unlimitedStock: false, stock }],
  });

/** Every row a go may write, per campaign (counted) and participant. */
async function written(campaign: PlayCampaign) {
  const count = async (
    table: 'play_actions' | 'play_task_completions' | 'play_task_progress' | 'reward_records',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('campaign_id', '=', campaign.row.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stock = await t.db
    .selectFrom('play_prize_stock')
    .select(['prize_id', 'issued'])
    .where('campaign_id', '=', campaign.row.id)
    .execute();
  return {
    actions: await count('play_actions'),
    completions: await count('play_task_completions'),
    progress: await count('play_task_progress'),
    rewards: await count('reward_records'),
    stock,
  };
}

describe('go (server, without HTTP)', () => {
  it("completes a visit task once a day per participant, each campaign's apart; the prize within its stock", async () => {
    const first = await center({ daily: 1 });
    const second = await center({ daily: 1 });
    const ann = await t.addParticipant('ann');
    const bob = await t.addParticipant('bob');
    expect((await goOnce(first, ann, 'a1', 'visit')).result).toEqual({ taskId: 'visit', completions: 1 });
    // The coupon's one item went to ann: bob's completion counts, without a prize.
    expect((await goOnce(first, bob, 'b1', 'visit')).result).toEqual({ taskId: 'visit', completions: 1 });
    // Today's visit is done: a second tap counts nothing.
    expect((await goOnce(first, ann, 'a2', 'visit')).result).toEqual({ taskId: 'visit', completions: 0 });
    // Another campaign's task of the same id is its own.
    expect((await goOnce(second, ann, 'a1', 'visit')).result).toEqual({ taskId: 'visit', completions: 1 });
    const outcomes = await t.db
      .selectFrom('play_task_completions')
      .select(['campaign_id', 'participant_id', 'ref', 'outcome', 'day'])
      .execute();
    const named = outcomes.map((c) =>
      [c.campaign_id === first.row.id ? 'first' : 'second', c.participant_id, c.ref, c.outcome, c.day].join(
        ' ',
      ),
    );
    expect(named.sort()).toEqual(
      [
        `first ${ann.id} act:a1 rewarded 2026-03-01`,
        `first ${bob.id} act:b1 outOfStock 2026-03-01`,
        `second ${ann.id} act:a1 rewarded 2026-03-01`,
      ].sort(),
    );
    expect(await written(first)).toEqual({
      // Three go rows and two completions (each also a `task` action row).
      actions: 5,
      completions: 2,
      progress: 0,
      rewards: 1,
      stock: [{ prize_id: 'coupon', issued: 1 }],
    });
    const entries = await t.db
      .selectFrom('play_entries')
      .select(['participant_id', 'actions', 'wins'])
      .where('campaign_id', '=', first.row.id)
      .orderBy('participant_id')
      .execute();
    expect(Object.fromEntries(entries.map((e) => [e.participant_id, [e.actions, e.wins]]))).toEqual({
      [ann.id]: [1, 1],
      [bob.id]: [1, 0],
    });
    const shown = await tasksProgress(t.db, first, ann, NOW);
    expect(shown.tasks.find((task) => task.id === 'visit')).toMatchObject({
      status: 'done',
      done: { day: 1 },
    });
  });

  it('a task pays once: its total limit reached, later visits count nothing', async () => {
    const campaign = await center({ total: 1 }, 5);
    const ann = await t.addParticipant('ann');
    expect((await goOnce(campaign, ann, 'k1', 'visit')).result).toMatchObject({ completions: 1 });
    expect((await goOnce(campaign, ann, 'k2', 'visit')).result).toMatchObject({ completions: 0 });
    expect((await goOnce(campaign, ann, 'k3', 'visit')).result).toMatchObject({ completions: 0 });
    expect(await written(campaign)).toMatchObject({
      completions: 1,
      rewards: 1,
      stock: [{ prize_id: 'coupon', issued: 1 }],
    });
  });

  it('a task needing two visits keeps the first as progress', async () => {
    const campaign = await center({ daily: 0 }, 5, { count: 2 });
    const ann = await t.addParticipant('ann');
    expect((await goOnce(campaign, ann, 'k1', 'visit')).result).toMatchObject({ completions: 0 });
    expect(await written(campaign)).toMatchObject({ completions: 0, progress: 1 });
    expect((await goOnce(campaign, ann, 'k2', 'visit')).result).toMatchObject({ completions: 1 });
    const progress = await t.db.selectFrom('play_task_progress').select(['task_id', 'progress']).execute();
    expect(progress).toEqual([{ task_id: 'visit', progress: 0 }]);
  });

  it("refusals spend nothing: an unknown task, one offline, one for other users; another task's go moves nothing", async () => {
    const campaign = await t.addCampaign('tasks', {
      tasks: [
        { id: 'off', event: 'visit', limits: { daily: 1 }, prizeId: 'coupon', status: 'offline' },
        { id: 'vip', event: 'visit', limits: { daily: 1 }, prizeId: 'coupon', userTypes: ['vip'] },
        { id: 'order', event: 'order_paid', limits: { daily: 1 }, prizeId: 'coupon' },
      ],
      prizes: [{ id: 'coupon', name: 'Coupon', unlimitedStock: false, stock: 5 }],
    });
    const ann = await t.addParticipant('ann', 'regular');
    await expect(goOnce(campaign, ann, 'k1', 'nope')).rejects.toMatchObject({ key: 'playTask.unknown' });
    await expect(goOnce(campaign, ann, 'k2', { id: 'off' })).rejects.toMatchObject({
      key: 'playTask.unknown',
    });
    await expect(goOnce(campaign, ann, 'k3', 'off')).rejects.toMatchObject({ key: 'playTask.notOpen' });
    await expect(goOnce(campaign, ann, 'k4', 'vip')).rejects.toMatchObject({ key: 'playTask.notOpen' });
    expect(await written(campaign)).toEqual({
      actions: 0,
      completions: 0,
      progress: 0,
      rewards: 0,
      stock: [],
    });
    // The order task's go is answered and recorded, and completes nothing.
    expect((await goOnce(campaign, ann, 'k5', 'order')).result).toEqual({ taskId: 'order', completions: 0 });
    expect(await written(campaign)).toEqual({
      actions: 1,
      completions: 0,
      progress: 0,
      rewards: 0,
      stock: [],
    });
    // The vip task is a vip's.
    const vip = await t.addParticipant('vera', 'vip');
    expect((await goOnce(campaign, vip, 'v1', 'vip')).result).toEqual({ taskId: 'vip', completions: 1 });
  });

  it('a repeated key answers the first answer, and the visit counts once', async () => {
    const campaign = await center({ daily: 0 }, 5);
    const ann = await t.addParticipant('ann');
    const first = await goOnce(campaign, ann, 'same', 'visit');
    const again = await goOnce(campaign, ann, 'same', 'visit');
    expect(first).toMatchObject({ replayed: false, result: { taskId: 'visit', completions: 1 } });
    expect(again).toEqual({ result: first.result, replayed: true, deliveries: 0 });
    // Refused now (the task went offline), the key still answers its first answer.
    const offline = { ...campaign, config: { ...campaign.config, tasks: [] } };
    expect((await goOnce(offline, ann, 'same', 'visit')).result).toEqual(first.result);
    expect(await written(campaign)).toMatchObject({ actions: 2, completions: 1, rewards: 1 });
  });

  it("a dice board's visit task grants its rolls to the board, once per go", async () => {
    const board = await t.addCampaign('dice', {
      boardSize: 16,
      initialDice: 0,
      tasks: [{ id: 'visit', event: 'visit', dice: 2, dailyLimit: 1 }],
      cells: [],
      prizes: [],
    });
    const ann = await t.addParticipant('ann');
    const bob = await t.addParticipant('bob');
    expect((await goOnce(board, ann, 'k1', 'visit')).result).toEqual({ taskId: 'visit', completions: 1 });
    expect((await goOnce(board, ann, 'k2', 'visit')).result).toEqual({ taskId: 'visit', completions: 0 });
    const granted = await t.db
      .selectFrom('play_entries')
      .select(['participant_id', 'granted'])
      .where('campaign_id', '=', board.row.id)
      .execute();
    expect(granted).toEqual([{ participant_id: ann.id, granted: 2 }]);
    // Bob has none until he goes.
    expect((await goOnce(board, bob, 'k1', 'visit')).result).toMatchObject({ completions: 1 });
  });
});
