import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from './playActions';
import { findOrCreateParticipant } from './participants';
import { playTestDb, type PlayTestDb } from './playTestDb';
import type { CampaignRow } from '../db/campaignTables';
import type { PlayCampaign } from './playCampaign';
import type { ParticipantRow } from './playTables';

// `share`, which every mechanic answers, without HTTP: runAction over a migrated in-memory
// database holding several campaigns and participants. The decision (what a share earns, whether
// it is a page event) is unit-tested with exact cases in engine/play/chances.test.ts.
const NOW = new Date('2026-03-01T08:00:00.000Z');
const DAY = 86_400_000;

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const share = (
  campaign: PlayCampaign,
  participant: ParticipantRow,
  key: string,
  now = NOW,
  channel = 'wechat',
) =>
  runAction(t.db, {
    campaign,
    participant,
    action: 'share',
    key,
    body: { channel },
    now,
    dbKind: 'sqlite',
  });

const wheel = (chances: Record<string, unknown>, fields: Record<string, unknown> = {}) =>
  t.addCampaign('draw', {
    chances: { initialCount: 0, dailyFree: 0, ...chances },
    prizes: [{ id: 'thanks', isThank: true, odds: 100 }],
    ...fields,
  });

/** A dice board whose `share` task grants a die (a page event), with share chances too. */
const board = (fields: Record<string, unknown> = {}, row: Partial<CampaignRow> = {}) =>
  t.addCampaign(
    'dice',
    {
      boardSize: 16,
      chances: { initialCount: 1, dailyFree: 0, perShare: 1, shareCap: 0 },
      tasks: [{ id: 'shared', title: { 'en-US': 'Share' }, event: 'share', dice: 2, dailyLimit: 0 }],
      cells: [],
      prizes: [],
      ...fields,
    },
    row,
  );

/** A participant's share grants, entry counters and share actions in a campaign. */
async function state(campaign: PlayCampaign, participant: ParticipantRow) {
  const grants = await t.db
    .selectFrom('play_chance_grants')
    .select(['source', 'period', 'ref', 'amount'])
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .orderBy('created_at')
    .orderBy('ref')
    .execute();
  const entry = await t.db
    .selectFrom('play_entries')
    .select(['granted', 'actions', 'pool_used', 'daily_used'])
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirst();
  const actions = await t.db
    .selectFrom('play_actions')
    .select(['idempotency_key', 'outcome', 'result'])
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .orderBy('created_at')
    .orderBy('idempotency_key')
    .execute();
  return { grants, entry, actions };
}

describe('share (server, without HTTP)', () => {
  it('earns perShare up to shareCap a local day per participant and campaign; a repeated key answers the first answer', async () => {
    const capped = await wheel({ perShare: 2, shareCap: 3 });
    const uncapped = await wheel({ perShare: 1 });
    const ann = await t.addParticipant('ann');
    const ben = await t.addParticipant('ben');

    const granted = async (campaign: PlayCampaign, p: ParticipantRow, key: string, now = NOW) =>
      (await share(campaign, p, key, now)).result.granted;
    expect(await granted(capped, ann, 'a1')).toBe(2);
    expect(await granted(capped, ann, 'a2')).toBe(1);
    // The cap reached: the share is still recorded, earning nothing.
    expect(await granted(capped, ann, 'a3')).toBe(0);
    // ben's shares and ann's in the other campaign have caps of their own.
    expect(await granted(capped, ben, 'b1')).toBe(2);
    for (const key of ['u1', 'u2', 'u3', 'u4']) expect(await granted(uncapped, ann, key)).toBe(1);

    const before = await state(capped, ann);
    const again = await share(capped, ann, 'a1');
    expect(again).toEqual({ result: { granted: 2, channel: 'wechat' }, replayed: true, deliveries: 0 });
    // The key with another body is another request: refused, nothing written.
    await expect(share(capped, ann, 'a1', NOW, 'weibo')).rejects.toMatchObject({
      key: 'play.idempotencyKeyReused',
    });
    expect(await state(capped, ann)).toEqual(before);

    // The next local day of the campaign (GMT+08:00) has a cap of its own.
    expect(await granted(capped, ann, 'a4', new Date(NOW.getTime() + DAY))).toBe(2);
    const after = await state(capped, ann);
    expect(after.grants).toEqual([
      { source: 'share', period: '2026-03-01', ref: 'a1', amount: 2 },
      { source: 'share', period: '2026-03-01', ref: 'a2', amount: 1 },
      { source: 'share', period: '2026-03-02', ref: 'a4', amount: 2 },
    ]);
    // A share spends no chance; it counts as an action of the entry.
    expect(after.entry).toEqual({ granted: 5, actions: 4, pool_used: 0, daily_used: 0 });
    expect(after.actions.map((a) => [a.idempotency_key, a.outcome, JSON.parse(a.result)])).toEqual([
      ['a1', 'share', { granted: 2, channel: 'wechat' }],
      ['a2', 'share', { granted: 1, channel: 'wechat' }],
      ['a3', 'share', { granted: 0, channel: 'wechat' }],
      ['a4', 'share', { granted: 2, channel: 'wechat' }],
    ]);
    expect((await state(uncapped, ann)).entry).toMatchObject({ granted: 4, actions: 4 });
    expect((await state(capped, ben)).entry).toMatchObject({ granted: 2, actions: 1 });
  });

  it('moves a share task while one may play; an ended campaign records the share and nothing else', async () => {
    const running = await board();
    const ended = await board({}, { end_time: new Date(NOW.getTime() - 1000).toISOString() });
    const ann = await t.addParticipant('ann');

    const shared = await share(running, ann, 's1');
    // One chance of the share and the task's completion (its two dice are its own grant).
    expect(shared.result).toEqual({ granted: 1, channel: 'wechat', completions: 1 });
    expect((await state(running, ann)).grants.map((g) => [g.source, g.amount]).sort()).toEqual([
      ['share', 1],
      ['task', 2],
    ]);

    const late = await share(ended, ann, 'e1');
    expect(late.result).toEqual({ granted: 0, channel: 'wechat' });
    const after = await state(ended, ann);
    expect(after.grants).toEqual([]);
    expect(after.entry).toMatchObject({ granted: 0, actions: 1 });
    expect(after.actions.map((a) => a.idempotency_key)).toEqual(['e1']);
  });

  it('lets an anonymous visitor of a sign-in campaign earn chances, not move tasks', async () => {
    const campaign = await board({ goal: 'download-register' });
    const { participant: visitor } = await findOrCreateParticipant(
      t.db,
      { projectId: t.projectId, deviceId: 'device-1', via: 'device' },
      NOW,
    );
    const member = await t.addParticipant('ann');
    expect((await share(campaign, visitor, 'v1')).result).toEqual({ granted: 1, channel: 'wechat' });
    expect((await share(campaign, member, 'm1')).result).toEqual({
      granted: 1,
      channel: 'wechat',
      completions: 1,
    });
    expect((await state(campaign, visitor)).grants).toEqual([
      { source: 'share', period: '2026-03-01', ref: 'v1', amount: 1 },
    ]);
    expect((await state(campaign, member)).grants.map((g) => g.source).sort()).toEqual(['share', 'task']);
  });
});
