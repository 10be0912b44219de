import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
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
