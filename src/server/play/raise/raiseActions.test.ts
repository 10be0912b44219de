import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureEntry, runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { Config, PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { adoptPet } from './raiseService';

// A friend's help and a revival without HTTP: runAction over a migrated in-memory database with
// two raisings and three participants. A help succeeds always (helpProbability 100) and one valid
// event grows a pet (energyPerEvent 1), so the answers are exact; the draw itself is unit-tested
// with seeded values in engine/play/raise.test.ts. The campaigns' zone is GMT+08:00: 08:00 UTC is
// local day 2026-03-01.
const NOW = new Date('2026-03-01T08:00:00.000Z');
const HOUR = 3_600_000;
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const raising = (more: Config = {}): Config => ({
  species: 'dog',
  stages: { stage1: 30, stage2: 60, stage3: 100 },
  energyPerEvent: 0.05,
  initialProgress: 10,
  food: { full: 99, initial: 20 },
  helpProbability: 100,
  timeLimitHours: 0,
  revivalInvites: 1,
  events: ['sign_in'],
  prizes: [{ id: 'toy', name: 'Toy', deliveryType: 'system', unlimitedStock: false, stock: 1 }],
  ...more,
});

const act = (
  campaign: PlayCampaign,
  participant: ParticipantRow,
  action: 'help' | 'revive',
  key: string,
  body: Record<string, unknown> = {},
  now = NOW,
) => runAction(t.db, { campaign, participant, action, key, body, now, dbKind: 'sqlite' });

/** A participant who opened the raising's page: their entry and their pet, adopted then. */
async function joined(campaign: PlayCampaign, participant: ParticipantRow, at = NOW, inviterId?: string) {
  await ensureEntry(t.db, campaign, participant, at, { inviterId });
  await adoptPet(t.db, campaign, participant, at);
}

const petOf = (campaign: PlayCampaign, participant: ParticipantRow) =>
  t.db
    .selectFrom('play_pets')
    .select(['stage', 'status', 'events', 'revivals', 'reward_id'])
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirstOrThrow();

const helps = (campaign: PlayCampaign) =>
  t.db
    .selectFrom('play_pet_helps')
    .select(['owner_id', 'helper_id', 'day', 'succeeded'])
    .where('campaign_id', '=', campaign.row.id)
    .orderBy('created_at')
    .execute();

const actionsOf = (campaign: PlayCampaign) =>
  t.db
    .selectFrom('play_actions')
    .select(['participant_id', 'idempotency_key', 'action', 'outcome', 'random_value', 'day'])
    .where('campaign_id', '=', campaign.row.id)
    .orderBy('created_at')
    .orderBy('idempotency_key')
    .execute();

describe('help (server, without HTTP)', () => {
  it("helps a friend's pet once a local day in each raising apart; refusals change nothing; a replay answers the first answer", async () => {
    const first = await t.addCampaign('raise', raising());
    const second = await t.addCampaign('raise', raising());
    const [ann, ben, cat] = [
      await t.addParticipant('ann'),
      await t.addParticipant('ben'),
      await t.addParticipant('cat'),
    ];
    for (const campaign of [first, second]) await joined(campaign, ann);
    await joined(first, cat);

    const helped = await act(first, ben, 'help', 'h1', { code: ann.code.toLowerCase() });
    expect(helped).toMatchObject({
      replayed: false,
      result: { owner: ann.code, succeeded: true, stage: 0, status: 'growing' },
    });
    expect(await act(first, ben, 'help', 'h1', { code: ann.code.toLowerCase() })).toEqual({
      result: helped.result,
      replayed: true,
      deliveries: 0,
    });
    // The key with another body (the code as typed another way) is another request.
    await expect(act(first, ben, 'help', 'h1', { code: ann.code })).rejects.toMatchObject({
      key: 'play.idempotencyKeyReused',
    });
    // Refused, in their order: a code naming nobody, the own pet, a friend without a pet, a second
    // help the same day.
    for (const [body, key] of [
      [{ code: 'NOBODY' }, 'raise.noPet'],
      [{}, 'raise.noPet'],
      [{ code: ben.code }, 'raise.ownPet'],
      [{ code: ben.code.toLowerCase() }, 'raise.ownPet'],
    ] as const)
      await expect(act(first, ben, 'help', 'h2', body)).rejects.toMatchObject({ key });
    // Ben joined the first raising (his help made his entry) but has no pet there.
    await expect(act(first, cat, 'help', 'h2', { code: ben.code })).rejects.toMatchObject({
      key: 'raise.noPet',
    });
    await expect(act(first, ben, 'help', 'h2', { code: ann.code })).rejects.toMatchObject({
      key: 'raise.helpedToday',
    });
    expect(await petOf(first, ann)).toEqual({
      stage: 0,
      status: 'growing',
      events: 1,
      revivals: 0,
      reward_id: null,
    });

    // The second raising is another pet: Ben helps it the same day; Cat helps Ann's first one.
    await act(second, ben, 'help', 'h1', { code: ann.code });
    await act(first, cat, 'help', 'c1', { code: ann.code }, later(1));
    // The next local day (16:00 UTC is midnight at GMT+08:00), Ben helps again.
    await act(first, ben, 'help', 'h3', { code: ann.code }, later(8));
    expect(await petOf(first, ann)).toMatchObject({ events: 3 });
    expect(await petOf(second, ann)).toMatchObject({ events: 1 });
    expect(await helps(first)).toEqual([
      { owner_id: ann.id, helper_id: ben.id, day: '2026-03-01', succeeded: 1 },
      { owner_id: ann.id, helper_id: cat.id, day: '2026-03-01', succeeded: 1 },
      { owner_id: ann.id, helper_id: ben.id, day: '2026-03-02', succeeded: 1 },
    ]);
    expect(await helps(second)).toEqual([
      { owner_id: ann.id, helper_id: ben.id, day: '2026-03-01', succeeded: 1 },
    ]);
    const actions = await actionsOf(first);
    expect(actions.map((a) => [a.idempotency_key, a.outcome, a.day])).toEqual([
      ['h1', 'helped', '2026-03-01'],
      ['c1', 'helped', '2026-03-01'],
      ['h3', 'helped', '2026-03-02'],
    ]);
    // The draw is kept with the action (a success with helpProbability 100 is any of 0..9999).
    for (const a of actions) expect(a.random_value).toBeGreaterThanOrEqual(0);
  });

  it("gives the owner's prize once when a help grows the pet, and a grown pet takes no more help", async () => {
    const campaign = await t.addCampaign('raise', raising({ energyPerEvent: 1 }));
    const [ann, ben, cat] = [
      await t.addParticipant('ann'),
      await t.addParticipant('ben'),
      await t.addParticipant('cat'),
    ];
    await joined(campaign, ann);
    const grown = await act(campaign, ben, 'help', 'h1', { code: ann.code });
    expect(grown.result).toEqual({ owner: ann.code, succeeded: true, stage: 3, status: 'grown' });
    const rewards = await t.db
      .selectFrom('reward_records')
      .select(['id', 'participant_id', 'prize_id'])
      .execute();
    expect(rewards).toEqual([{ id: expect.any(String), participant_id: ann.id, prize_id: 'toy' }]);
    expect(await petOf(campaign, ann)).toMatchObject({
      status: 'grown',
      events: 1,
      reward_id: rewards[0].id,
    });
    const late = await act(campaign, cat, 'help', 'c1', { code: ann.code }, later(1));
    expect(late.result).toEqual({ owner: ann.code, succeeded: false, stage: 3, status: 'grown' });
    expect(await t.db.selectFrom('reward_records').select('id').execute()).toHaveLength(1);
    expect((await actionsOf(campaign)).map((a) => a.outcome)).toEqual(['helped', 'helpMissed']);
  });

  it('keeps a grown pet without a prize in stock as not rewarded', async () => {
    const campaign = await t.addCampaign(
      'raise',
      raising({
        energyPerEvent: 1,
        prizes: [{ id: 'toy', name: 'Toy', deliveryType: 'system', unlimitedStock: false, stock: 0 }],
      }),
    );
    const [ann, ben] = [await t.addParticipant('ann'), await t.addParticipant('ben')];
    await joined(campaign, ann);
    await act(campaign, ben, 'help', 'h1', { code: ann.code });
    expect(await petOf(campaign, ann)).toMatchObject({ status: 'grown', reward_id: 'none:outOfStock' });
    expect(await t.db.selectFrom('reward_records').select('id').execute()).toEqual([]);
  });
});

describe('revive (server, without HTTP)', () => {
  it('revives a starved pet once a friend joined by the link since; refusals change nothing', async () => {
    // 20 g at 1 g/h: Ann's pets starve 20 hours after NOW.
    const first = await t.addCampaign('raise', raising());
    const none = await t.addCampaign('raise', raising({ revivalInvites: 0 }));
    const [ann, ben, cat] = [
      await t.addParticipant('ann'),
      await t.addParticipant('ben'),
      await t.addParticipant('cat'),
    ];
    for (const campaign of [first, none]) await joined(campaign, ann);
    await expect(act(first, ann, 'revive', 'r1', {}, later(1))).rejects.toMatchObject({
      key: 'raise.notFailed',
    });
    // Ben joined by Ann's link before the failure: he does not count.
    await joined(first, ben, later(2), ann.id);
    await expect(act(first, ann, 'revive', 'r1', {}, later(21))).rejects.toMatchObject({
      key: 'raise.needsInvites',
      options: { params: { count: 1 } },
    });
    await expect(act(none, ann, 'revive', 'r1', {}, later(21))).rejects.toMatchObject({
      key: 'raise.notRevivable',
    });
    expect(await petOf(first, ann)).toEqual({
      stage: 0,
      status: 'growing',
      events: 0,
      revivals: 0,
      reward_id: null,
    });

    await joined(first, cat, later(22), ann.id);
    const revived = await act(first, ann, 'revive', 'r2', {}, later(23));
    expect(revived).toMatchObject({ replayed: false, result: { revived: true, revivals: 1 } });
    expect(await act(first, ann, 'revive', 'r2', {}, later(23))).toEqual({
      result: revived.result,
      replayed: true,
      deliveries: 0,
    });
    // Growing again: another revival is refused.
    await expect(act(first, ann, 'revive', 'r3', {}, later(24))).rejects.toMatchObject({
      key: 'raise.notFailed',
    });
    expect(await petOf(first, ann)).toEqual({
      stage: 0,
      status: 'growing',
      events: 0,
      revivals: 1,
      reward_id: null,
    });
    expect(await petOf(none, ann)).toMatchObject({ status: 'growing', revivals: 0 });
    expect((await actionsOf(first)).map((a) => [a.participant_id, a.idempotency_key, a.outcome])).toEqual([
      [ann.id, 'r2', 'revive'],
    ]);
  });
});
