import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { addPrizeWin } from '../prizeSteps';
import { settlePredict } from './predictSettle';

// Settlement without HTTP: settlePredict over a migrated in-memory database holding several
// campaigns and participants. Who qualifies, the award order and the prizes a winner may have are
// unit-tested with exact cases in engine/play/predict.test.ts (decideSettlement, settlePrizes).
const NOW = new Date('2026-03-01T08:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const match = (id: string, options: string[]) => ({
  id,
  title: { 'en-US': `Match ${id}` },
  options: options.map((o) => ({ id: o, label: { 'en-US': o } })),
});
const prize = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: { 'en-US': id },
  deliveryType: 'system',
  isThank: false,
  ...fields,
});

const predictCampaign = (fields: Record<string, unknown>) =>
  t.addCampaign('predict', {
    mode: 'prediction',
    settlement: 'each',
    drawTime: at(HOUR).toISOString(),
    matches: [match('m1', ['home', 'away'])],
    ...fields,
  });

const pick = (campaign: PlayCampaign, participant: ParticipantRow, optionId: string, now: Date) =>
  runAction(t.db, {
    campaign,
    participant,
    action: 'predict',
    key: `pick-${participant.id}`,
    body: { matchId: 'm1', optionId },
    now,
    dbKind: 'sqlite',
  });

async function enterResult(campaign: PlayCampaign, optionId: string) {
  await t.db
    .insertInto('play_predict_results')
    .values({
      campaign_id: campaign.row.id,
      match_id: 'm1',
      project_id: t.projectId,
      option_id: optionId,
      entered_by: null,
      entered_at: NOW.toISOString(),
    })
    .execute();
}

const settle = (campaign: PlayCampaign, now = at(HOUR)) =>
  settlePredict(t.db, campaign, { now, by: null, dbKind: 'sqlite' });

/** The prize each participant won in a campaign, by user id. */
async function won(campaign: PlayCampaign) {
  const rows = await t.db
    .selectFrom('play_actions')
    .innerJoin('participants', 'participants.id', 'play_actions.participant_id')
    .select(['participants.user_id', 'play_actions.prize_id', 'play_actions.idempotency_key'])
    .where('play_actions.campaign_id', '=', campaign.row.id)
    .where('play_actions.action', '=', 'settle')
    .execute();
  expect(rows.every((r) => r.idempotency_key === 'predict-settle')).toBe(true);
  return Object.fromEntries(rows.map((r) => [r.user_id, r.prize_id]));
}

describe('settlePredict (server, without HTTP)', () => {
  it('gives the right pickers, earliest first, the first prize their user type and the stock allow, once', async () => {
    const campaign = await predictCampaign({
      prizes: [
        prize('vipOnly', { stock: 5, userType: 'vip' }),
        prize('gold', { stock: 2 }),
        prize('silver', { stock: 1 }),
        prize('thanks', { isThank: true, unlimitedStock: true }),
      ],
    });
    // Another campaign with the same participants is left alone.
    const other = await predictCampaign({ prizes: [prize('gold', { stock: 9 })] });
    const ann = await t.addParticipant('ann');
    const ben = await t.addParticipant('ben', 'vip');
    const cat = await t.addParticipant('cat');
    const dan = await t.addParticipant('dan');
    const eve = await t.addParticipant('eve');
    const fay = await t.addParticipant('fay');
    // Picks in this order; dan picks wrong.
    for (const [i, [p, option]] of (
      [
        [dan, 'away'],
        [cat, 'home'],
        [ben, 'home'],
        [ann, 'home'],
        [eve, 'home'],
        [fay, 'home'],
      ] as const
    ).entries()) {
      await pick(campaign, p, option, at(i * 1000));
      await pick(other, p, 'home', at(i * 1000));
    }

    await enterResult(campaign, 'home');
    // Not before the picks close.
    await expect(settle(campaign, at(HOUR - 1))).rejects.toMatchObject({ key: 'predict.tooEarly' });
    expect(await settle(campaign)).toEqual({ settled: true, winners: 4, qualified: 5, deliveries: 0 });
    // cat, the first right pick, may not have the vip prize: gold; ben (vip) the vip prize; ann
    // gold's last; eve finds gold out and takes silver's one; fay finds nothing she may have.
    expect(await won(campaign)).toEqual({ cat: 'gold', ben: 'vipOnly', ann: 'gold', eve: 'silver' });
    const audit = await t.db
      .selectFrom('play_predict_settlements')
      .select(['audit', 'winners', 'qualified'])
      .where('campaign_id', '=', campaign.row.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ winners: 4, qualified: 5 });
    expect(JSON.parse(audit.audit)).toMatchObject({
      mode: 'prediction',
      method: 'each',
      results: { m1: 'home' },
      order: [cat.id, ben.id, ann.id, eve.id, fay.id],
    });
    const rewards = await t.db
      .selectFrom('reward_records')
      .select(['prize_id', 'method'])
      .where('campaign_id', '=', campaign.row.id)
      .orderBy('prize_id')
      .execute();
    expect(rewards).toEqual([
      { prize_id: 'gold', method: 'settle' },
      { prize_id: 'gold', method: 'settle' },
      { prize_id: 'silver', method: 'settle' },
      { prize_id: 'vipOnly', method: 'settle' },
    ]);
    // Settling again, by anyone, changes nothing.
    expect(await settle(campaign)).toEqual({ settled: false, winners: 0, qualified: 0, deliveries: 0 });
    expect(await won(other)).toEqual({});
    await expect(settle(other)).rejects.toMatchObject({ key: 'predict.resultsMissing' });
  });
});

describe('settlePredict: prize limits, over several campaigns and participants', () => {
  type Prizes = ReturnType<typeof prize>[];
  /**
   * Campaigns A and B with these prizes (stock 5 each; B's the same as A's unless given), where
   * ann, bob and cat (of these user types), in this order, all pick right.
   */
  async function twoCampaigns(prizesA: Prizes, prizesB: Prizes = prizesA, types: (string | null)[] = []) {
    const stocked = (prizes: Prizes) => ({ prizes: prizes.map((p) => ({ stock: 5, ...p })) });
    const [a, b] = [await predictCampaign(stocked(prizesA)), await predictCampaign(stocked(prizesB))];
    const people = [
      await t.addParticipant('ann', types[0] ?? null),
      await t.addParticipant('bob', types[1] ?? null),
      await t.addParticipant('cat', types[2] ?? null),
    ];
    for (const [i, p] of people.entries()) {
      await pick(a, p, 'home', at(i * 1000));
      await pick(b, p, 'home', at(i * 1000));
    }
    await enterResult(a, 'home');
    await enterResult(b, 'home');
    return { a, b, ann: people[0], bob: people[1], cat: people[2] };
  }

  /**
   * A win counted in the campaign before the settlement, as recordWin counts one: a settlement
   * gives each participant one prize at most, so the per-user maximum and the super prize rule
   * hold back only wins counted before it.
   */
  const wonBefore = (campaign: PlayCampaign, participant: ParticipantRow, prizeId: string) =>
    addPrizeWin(t.db, {
      projectId: t.projectId,
      campaignId: campaign.row.id,
      participantId: participant.id,
      prizeId,
    });

  it("holds a prize's per-user maximum with the wins of that participant in that campaign only", async () => {
    const { a, b, ann, bob } = await twoCampaigns([prize('gold', { perUserMax: 1 }), prize('silver')]);
    await wonBefore(a, ann, 'gold');
    await wonBefore(b, bob, 'gold');
    await settle(a);
    expect(await won(a)).toEqual({ ann: 'silver', bob: 'gold', cat: 'gold' });
    await settle(b);
    expect(await won(b)).toEqual({ ann: 'gold', bob: 'silver', cat: 'gold' });
    // The settlement's wins are counted with the earlier ones, each in its campaign.
    const counted = await t.db
      .selectFrom('play_prize_wins')
      .innerJoin('participants', 'participants.id', 'play_prize_wins.participant_id')
      .select(['campaign_id', 'user_id', 'prize_id', 'wins'])
      .execute();
    const name = (campaignId: string) => (campaignId === a.row.id ? 'A' : 'B');
    expect(counted.map((w) => `${name(w.campaign_id)} ${w.user_id} ${w.prize_id} ${w.wins}`).sort()).toEqual([
      'A ann gold 1',
      'A ann silver 1',
      'A bob gold 1',
      'A cat gold 1',
      'B ann gold 1',
      'B bob gold 1',
      'B bob silver 1',
      'B cat gold 1',
    ]);
  });

  it("gives a user type's prize to participants of that type only, each campaign by its own prize", async () => {
    const { a, b } = await twoCampaigns(
      [prize('members', { userType: 'vip' }), prize('silver')],
      [prize('members', { userType: 'staff' }), prize('silver')],
      ['vip', null, 'staff'],
    );
    await settle(a);
    expect(await won(a)).toEqual({ ann: 'members', bob: 'silver', cat: 'silver' });
    await settle(b);
    expect(await won(b)).toEqual({ ann: 'silver', bob: 'silver', cat: 'members' });
  });

  it('gives a participant one super prize per campaign, counting the super prizes won there before', async () => {
    const { a, b, ann, bob } = await twoCampaigns([
      prize('gold', { isSuper: true }),
      prize('silver', { isSuper: true }),
      prize('bronze'),
    ]);
    await wonBefore(a, ann, 'silver');
    await wonBefore(b, bob, 'gold');
    await settle(a);
    expect(await won(a)).toEqual({ ann: 'bronze', bob: 'gold', cat: 'gold' });
    await settle(b);
    expect(await won(b)).toEqual({ ann: 'gold', bob: 'bronze', cat: 'gold' });
  });
});
