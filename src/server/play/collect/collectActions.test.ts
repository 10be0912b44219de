import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { collectProgress } from './collectActions';

// The collection's draw and exchange without HTTP: runAction over a migrated in-memory database.
// Which fragment a draw gives is unit-tested with seeded values in engine/play/collect.test.ts;
// here one fragment kind holds all the odds where the test needs to know what a draw gives.
const NOW = new Date('2026-03-01T08:00:00.000Z');
const TODAY = '2026-03-01';

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const act = (
  campaign: PlayCampaign,
  participant: ParticipantRow,
  action: string,
  key: string,
  body: Record<string, unknown> = {},
) => runAction(t.db, { campaign, participant, action, key, body, now: NOW, dbKind: 'sqlite' });

const fragments = (odds: number[]) => odds.map((o, i) => ({ id: `f${i + 1}`, name: `F${i + 1}`, odds: o }));

async function heldBy(participant: ParticipantRow) {
  const rows = await t.db
    .selectFrom('play_fragments')
    .select(['fragment_id', 'count', 'drawn'])
    .where('participant_id', '=', participant.id)
    .orderBy('fragment_id')
    .execute();
  return rows;
}

const actions = () =>
  t.db
    .selectFrom('play_actions')
    .select(['idempotency_key', 'action', 'outcome', 'chance_bucket', 'prize_id', 'day'])
    .orderBy('idempotency_key')
    .execute();

describe('drawFragment (server, without HTTP)', () => {
  it('gives a fragment per chance, refuses without one, and answers a repeated key with the first result', async () => {
    const campaign = await t.addCampaign('collect', {
      fragments: fragments([100, 0]),
      chances: { initialCount: 2, dailyFree: 0 },
      prizes: [],
    });
    const ann = await t.addParticipant('ann');
    const first = await act(campaign, ann, 'drawFragment', 'd1');
    expect(first).toMatchObject({ result: { fragmentId: 'f1' }, replayed: false, deliveries: 0 });
    expect(await act(campaign, ann, 'drawFragment', 'd1')).toMatchObject({
      result: { fragmentId: 'f1' },
      replayed: true,
    });
    await act(campaign, ann, 'drawFragment', 'd2');
    await expect(act(campaign, ann, 'drawFragment', 'd3')).rejects.toMatchObject({ key: 'play.noChances' });
    expect(await heldBy(ann)).toEqual([{ fragment_id: 'f1', count: 2, drawn: 2 }]);
    expect(await actions()).toEqual([
      {
        idempotency_key: 'd1',
        action: 'drawFragment',
        outcome: 'fragment',
        chance_bucket: 'pool',
        prize_id: null,
        day: TODAY,
      },
      {
        idempotency_key: 'd2',
        action: 'drawFragment',
        outcome: 'fragment',
        chance_bucket: 'pool',
        prize_id: null,
        day: TODAY,
      },
    ]);
    const entry = await t.db
      .selectFrom('play_entries')
      .select(['pool_used', 'wins'])
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ pool_used: 2, wins: 0 });
  });
});

describe('exchange (server, without HTTP)', () => {
  async function collection(config: Record<string, unknown>) {
    const campaign = await t.addCampaign('collect', {
      fragments: fragments([50, 50]),
      chances: { initialCount: 0, dailyFree: 0 },
      ...config,
    });
    const ann = await t.addParticipant('ann');
    await t.db
      .insertInto('play_fragments')
      .values(
        ['f1', 'f2'].map((fragmentId) => ({
          campaign_id: campaign.row.id,
          participant_id: ann.id,
          project_id: campaign.row.project_id,
          fragment_id: fragmentId,
          count: fragmentId === 'f1' ? 2 : 1,
          drawn: 0,
        })),
      )
      .execute();
    return { campaign, ann };
  }

  it('takes one of each piece for the prize, records the win, and refuses once a piece is missing', async () => {
    const { campaign, ann } = await collection({
      prizes: [{ id: 'mug', name: 'Mug', unlimitedStock: false, stock: 5, fragmentCount: 2 }],
    });
    const won = await act(campaign, ann, 'exchange', 'x1', { prizeId: 'mug' });
    expect(won.result).toMatchObject({ prize: { id: 'mug', name: 'Mug' }, sets: 1 });
    expect(won.reward?.id).toBe(won.result.rewardId);
    expect(await heldBy(ann)).toEqual([
      { fragment_id: 'f1', count: 1, drawn: 0 },
      { fragment_id: 'f2', count: 0, drawn: 0 },
    ]);
    const records = await t.db.selectFrom('reward_records').select(['id', 'prize_id']).execute();
    expect(records).toEqual([{ id: won.result.rewardId, prize_id: 'mug' }]);
    expect(
      await t.db.selectFrom('play_entries').select(['wins', 'pool_used']).executeTakeFirstOrThrow(),
    ).toEqual({ wins: 1, pool_used: 0 });
    expect(await act(campaign, ann, 'exchange', 'x1', { prizeId: 'mug' })).toMatchObject({
      replayed: true,
      result: won.result,
    });
    await expect(act(campaign, ann, 'exchange', 'x2', { prizeId: 'mug' })).rejects.toMatchObject({
      key: 'collect.notEnough',
    });
    await expect(act(campaign, ann, 'exchange', 'x3', { prizeId: 'nothing' })).rejects.toMatchObject({
      key: 'collect.badPrize',
    });
    expect((await actions()).map((a) => [a.idempotency_key, a.outcome, a.prize_id])).toEqual([
      ['x1', 'win', 'mug'],
    ]);
    const progress = await collectProgress(t.db, campaign, ann);
    expect(progress.collect).toMatchObject({ inventory: { f1: 1, f2: 0 }, sets: 0 });
  });

  it('refuses a prize out of stock or over the budget and keeps the fragments', async () => {
    const { campaign, ann } = await collection({
      budget: { total: 1 },
      prizes: [
        { id: 'gone', name: 'Gone', unlimitedStock: false, stock: 0 },
        { id: 'cash', name: 'Cash', unlimitedStock: true, value: 2 },
      ],
    });
    await expect(act(campaign, ann, 'exchange', 'x1', { prizeId: 'gone' })).rejects.toMatchObject({
      key: 'collect.outOfStock',
    });
    await expect(act(campaign, ann, 'exchange', 'x2', { prizeId: 'cash' })).rejects.toMatchObject({
      key: 'play.overBudget',
    });
    expect(await heldBy(ann)).toEqual([
      { fragment_id: 'f1', count: 2, drawn: 0 },
      { fragment_id: 'f2', count: 1, drawn: 0 },
    ]);
    expect(await t.db.selectFrom('reward_records').selectAll().execute()).toEqual([]);
    expect(await actions()).toEqual([]);
  });
});

describe('gifts and requests (server, without HTTP)', () => {
  it('sets a gift aside and gives it to the first friend who takes it, once', async () => {
    const campaign = await t.addCampaign('collect', {
      fragments: fragments([100]),
      chances: { initialCount: 1, dailyFree: 0 },
      prizes: [],
    });
    const [ann, bob, cat] = [
      await t.addParticipant('ann'),
      await t.addParticipant('bob'),
      await t.addParticipant('cat'),
    ];
    await expect(act(campaign, ann, 'gift', 'g0', { fragmentId: 'f1' })).rejects.toMatchObject({
      key: 'collect.noFragment',
    });
    await act(campaign, ann, 'drawFragment', 'd1');
    await expect(act(campaign, ann, 'gift', 'g1', { fragmentId: 'zz' })).rejects.toMatchObject({
      key: 'collect.badFragment',
    });
    const gift = await act(campaign, ann, 'gift', 'g2', { fragmentId: 'f1' });
    const transferId = gift.result.transferId as string;
    expect(gift.result).toEqual({ transferId, kind: 'gift', fragmentId: 'f1' });
    expect(await heldBy(ann)).toEqual([{ fragment_id: 'f1', count: 0, drawn: 1 }]);
    await expect(act(campaign, ann, 'claimGift', 'c0', { transferId })).rejects.toMatchObject({
      key: 'collect.ownTransfer',
    });
    expect((await act(campaign, bob, 'claimGift', 'c1', { transferId })).result).toEqual({
      transferId,
      fragmentId: 'f1',
    });
    await expect(act(campaign, cat, 'claimGift', 'c2', { transferId })).rejects.toMatchObject({
      key: 'collect.transferGone',
    });
    expect(await heldBy(bob)).toEqual([{ fragment_id: 'f1', count: 1, drawn: 0 }]);
    const row = await t.db
      .selectFrom('play_fragment_transfers')
      .select(['state', 'from_participant_id', 'to_participant_id'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'done', from_participant_id: ann.id, to_participant_id: bob.id });
  });

  it('answers a request with a held fragment, once, and never one’s own', async () => {
    const campaign = await t.addCampaign('collect', {
      fragments: fragments([100]),
      chances: { initialCount: 1, dailyFree: 0 },
      prizes: [],
    });
    const [ann, bob, cat] = [
      await t.addParticipant('ann'),
      await t.addParticipant('bob'),
      await t.addParticipant('cat'),
    ];
    const asked = await act(campaign, ann, 'ask', 'a1', { fragmentId: 'f1' });
    const transferId = asked.result.transferId as string;
    await expect(act(campaign, ann, 'giveAsked', 'x0', { transferId })).rejects.toMatchObject({
      key: 'collect.ownTransfer',
    });
    await expect(act(campaign, bob, 'giveAsked', 'x1', { transferId })).rejects.toMatchObject({
      key: 'collect.noFragment',
    });
    await act(campaign, bob, 'drawFragment', 'd1');
    expect((await act(campaign, bob, 'giveAsked', 'x2', { transferId })).result).toEqual({
      transferId,
      fragmentId: 'f1',
    });
    await expect(act(campaign, cat, 'giveAsked', 'x3', { transferId })).rejects.toMatchObject({
      key: 'collect.transferGone',
    });
    await expect(act(campaign, cat, 'giveAsked', 'x4', { transferId: 'nope' })).rejects.toMatchObject({
      key: 'collect.transferGone',
    });
    expect(await heldBy(ann)).toEqual([{ fragment_id: 'f1', count: 1, drawn: 0 }]);
    expect(await heldBy(bob)).toEqual([{ fragment_id: 'f1', count: 0, drawn: 1 }]);
  });
});
