import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { CampaignRow } from '../../db/campaignTables';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { predictProgress } from './predictActions';

// Picks and settlement without HTTP: runAction and settlePredict over a migrated in-memory
// database holding several campaigns and participants. The decisions themselves are unit-tested
// with exact cases in engine/play/predict.test.ts.
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
const MATCHES = [match('m1', ['home', 'away']), match('m2', ['yes', 'no'])];

const predictCampaign = (fields: Record<string, unknown> = {}, row: Partial<CampaignRow> = {}) =>
  t.addCampaign(
    'predict',
    {
      mode: 'prediction',
      settlement: 'each',
      drawTime: at(2 * HOUR).toISOString(),
      matches: MATCHES,
      prizes: [],
      ...fields,
    },
    row,
  );

const pick = (
  campaign: PlayCampaign,
  participant: ParticipantRow,
  key: string,
  body: Record<string, unknown>,
  now = NOW,
) => runAction(t.db, { campaign, participant, action: 'predict', key, body, now, dbKind: 'sqlite' });

const refusal = (run: Promise<unknown>) =>
  run.then(
    () => 'answered',
    (error: { key?: string }) => error.key,
  );

/** Every row a pick writes, per campaign: picks, totals, actions and the entries' action counts. */
async function written(campaign: PlayCampaign) {
  const id = campaign.row.id;
  const picks = await t.db
    .selectFrom('play_predict_picks')
    .select(['participant_id', 'match_id', 'option_id'])
    .where('campaign_id', '=', id)
    .orderBy('participant_id')
    .orderBy('match_id')
    .execute();
  const totals = await t.db
    .selectFrom('play_predict_totals')
    .select(['match_id', 'option_id', 'picks'])
    .where('campaign_id', '=', id)
    .orderBy('match_id')
    .orderBy('option_id')
    .execute();
  const actions = await t.db
    .selectFrom('play_actions')
    .select(['participant_id', 'idempotency_key', 'outcome'])
    .where('campaign_id', '=', id)
    .orderBy('created_at')
    .orderBy('idempotency_key')
    .execute();
  const entries = await t.db
    .selectFrom('play_entries')
    .select(['participant_id', 'actions', 'pool_used', 'daily_used', 'wins'])
    .where('campaign_id', '=', id)
    .orderBy('participant_id')
    .execute();
  return { picks, totals, actions, entries };
}

describe('predict (server, without HTTP)', () => {
  it('writes one final pick per match in each campaign; refusals write nothing, a repeated key answers the first answer', async () => {
    const first = await predictCampaign();
    const second = await predictCampaign();
    const ann = await t.addParticipant('ann');
    const ben = await t.addParticipant('ben');

    const picked = await pick(first, ann, 'a1', { matchId: 'm1', optionId: 'home' });
    expect(picked).toMatchObject({
      replayed: false,
      result: { matchId: 'm1', optionId: 'home', totals: null },
    });
    // The same match in the other campaign and by another participant are picks of their own.
    await pick(second, ann, 'a1', { matchId: 'm1', optionId: 'away' });
    await pick(first, ben, 'b1', { matchId: 'm1', optionId: 'home' });
    const before = await written(first);

    // A pick is final: another key for the same match is refused, even for the same option.
    expect(await refusal(pick(first, ann, 'a2', { matchId: 'm1', optionId: 'away' }))).toBe('play.pickTaken');
    expect(await refusal(pick(first, ann, 'a3', { matchId: 'm1', optionId: 'home' }))).toBe('play.pickTaken');
    // Anything but an option of a configured match.
    for (const body of [
      { matchId: 'm1', optionId: 'yes' },
      { matchId: 'm9', optionId: 'home' },
      { matchId: 'm2' },
      {},
    ])
      expect(await refusal(pick(first, ann, 'a4', body))).toBe('play.badPick');
    expect(await written(first)).toEqual(before);

    // The repeated request answers the first pick and writes nothing; the key with another body
    // (its keys in another order are the same body) is another request, refused.
    const again = await pick(first, ann, 'a1', { optionId: 'home', matchId: 'm1' });
    expect(again).toEqual({ result: picked.result, replayed: true, deliveries: 0 });
    expect(await refusal(pick(first, ann, 'a1', { matchId: 'm2', optionId: 'no' }))).toBe(
      'play.idempotencyKeyReused',
    );
    expect(await written(first)).toEqual(before);

    expect(before.picks).toEqual(
      [
        { participant_id: ann.id, match_id: 'm1', option_id: 'home' },
        { participant_id: ben.id, match_id: 'm1', option_id: 'home' },
      ].sort((a, b) => (a.participant_id < b.participant_id ? -1 : 1)),
    );
    expect(before.totals).toEqual([{ match_id: 'm1', option_id: 'home', picks: 2 }]);
    // A pick costs no chance and counts as an action of the entry.
    expect(before.entries.map((e) => [e.actions, e.pool_used, e.daily_used, e.wins])).toEqual([
      [1, 0, 0, 0],
      [1, 0, 0, 0],
    ]);
    expect((await written(second)).totals).toEqual([{ match_id: 'm1', option_id: 'away', picks: 1 }]);
    expect(await predictProgress(t.db, first, ann, NOW)).toEqual({
      picks: { m1: 'home' },
      results: {},
      totals: null,
      settled: false,
      open: true,
    });
  });

  it('answers live totals in voting, counted across participants of that campaign only', async () => {
    const voting = await predictCampaign({ mode: 'voting' });
    const other = await predictCampaign({ mode: 'voting' });
    const people = await Promise.all(['ann', 'ben', 'cat'].map((u) => t.addParticipant(u)));
    await pick(other, people[0], 'o1', { matchId: 'm2', optionId: 'no' });
    const answers = [];
    for (const [i, option] of ['yes', 'no', 'yes'].entries())
      answers.push((await pick(voting, people[i], `v${i}`, { matchId: 'm2', optionId: option })).result);
    expect(answers.map((a) => a.totals)).toEqual([
      { yes: 1, no: 0 },
      { yes: 1, no: 1 },
      { yes: 2, no: 1 },
    ]);
  });

  it('closes a match once its result is in, every match at the draw time and once settled', async () => {
    const campaign = await predictCampaign();
    const ann = await t.addParticipant('ann');
    const ben = await t.addParticipant('ben');
    await t.db
      .insertInto('play_predict_results')
      .values({
        campaign_id: campaign.row.id,
        match_id: 'm1',
        project_id: t.projectId,
        option_id: 'home',
        entered_by: null,
        entered_at: NOW.toISOString(),
      })
      .execute();
    expect(await refusal(pick(campaign, ann, 'a1', { matchId: 'm1', optionId: 'home' }))).toBe(
      'play.picksClosed',
    );
    // The other match is still open until the draw time.
    await pick(campaign, ann, 'a2', { matchId: 'm2', optionId: 'yes' });
    expect(await refusal(pick(campaign, ben, 'b1', { matchId: 'm2', optionId: 'yes' }, at(2 * HOUR)))).toBe(
      'play.picksClosed',
    );
    // Closed comes first: ann's own pick of m2 is refused as closed, not as taken.
    expect(await refusal(pick(campaign, ann, 'a3', { matchId: 'm2', optionId: 'no' }, at(2 * HOUR)))).toBe(
      'play.picksClosed',
    );
    // A repeated key still answers its first answer after the picks closed.
    expect((await pick(campaign, ann, 'a2', { matchId: 'm2', optionId: 'yes' }, at(2 * HOUR))).replayed).toBe(
      true,
    );

    const voting = await predictCampaign({ mode: 'voting' });
    await t.db
      .insertInto('play_predict_settlements')
      .values({
        campaign_id: voting.row.id,
        project_id: t.projectId,
        settled_at: NOW.toISOString(),
        settled_by: null,
        audit: '{}',
        qualified: 0,
        winners: 0,
      })
      .execute();
    expect(await refusal(pick(voting, ben, 'b2', { matchId: 'm1', optionId: 'home' }))).toBe(
      'play.picksClosed',
    );
    expect((await written(campaign)).picks).toEqual([
      { participant_id: ann.id, match_id: 'm2', option_id: 'yes' },
    ]);
    expect((await written(voting)).picks).toEqual([]);
  });

  it('refuses when the campaign has ended, before reading the pick', async () => {
    const ended = await predictCampaign({}, { end_time: at(-HOUR).toISOString() });
    const ann = await t.addParticipant('ann');
    expect(await refusal(pick(ended, ann, 'a1', { matchId: 'm1', optionId: 'home' }))).toBe('play.ended');
    // A bad pick is answered as such first.
    expect(await refusal(pick(ended, ann, 'a2', { matchId: 'm1', optionId: 'x' }))).toBe('play.badPick');
    expect(await written(ended)).toMatchObject({ picks: [], totals: [], actions: [] });
  });
});
