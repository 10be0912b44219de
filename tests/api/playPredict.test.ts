import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession, type PlaySession } from './helpers/play';

// Match prediction and voting through the participant API and the console: one final pick per
// match, results entered by the operator, and a settlement that gives prizes once, whoever runs it.

const HOUR = 3_600_000;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });
const match = (id: string, options: string[]) => ({
  id,
  title: text(`Match ${id}`),
  options: options.map((o) => ({ id: o, label: text(`Option ${o}`) })),
});
const prize = (id: string, stock: number) => ({
  id,
  name: text(`Prize ${id}`),
  deliveryType: 'system',
  isThank: false,
  stock,
});

interface Progress {
  picks: Record<string, string>;
  results: Record<string, string>;
  totals: Record<string, Record<string, number>> | null;
  settled: boolean;
  open: boolean;
}
interface PredictView {
  mode: string;
  closesAt: string;
  matches: { id: string; result: string | null; options: { id: string; picks: number }[] }[];
  pickers: number;
  settlement: { settledAt: string; winners: number; qualified: number; by: string | null } | null;
}

describe('participant API: match prediction and voting', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'predict@example.com');
    projectId = await createProject(t.app, owner, 'Predict', 'predict');
    secret = await apiSecretOf(t.app, projectId);
    base = await templateConfig(t.app, 'gameplay', 'match-prediction', 'classic');
  });
  afterAll(async () => t.close());

  async function livePrediction(fields: Record<string, unknown>) {
    const start = new Date(t.clock.now().getTime() - HOUR);
    const config = {
      ...withTimes(base, start),
      drawTime: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
      ...fields,
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'match-prediction', config });
    const moved = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return created.id;
  }

  const operator = (method: 'GET' | 'PUT' | 'POST', id: string, path = '', body?: unknown) =>
    call<PredictView>(t.app, method, `/api/campaigns/${id}/predict${path}`, {
      token: owner.token,
      projectId,
      lang: 'en',
      body,
    });
  const pick = (id: string, s: PlaySession, matchId: string, optionId: string) =>
    act<{ result: { totals: Record<string, number> | null }; me: { progress: Progress } }>(
      t.app,
      id,
      s.token,
      'predict',
      { body: { matchId, optionId }, lang: 'en-US' },
    );

  it('takes one final pick per match, settles once after the results and gives the stock to the earliest right pickers', async () => {
    const id = await livePrediction({
      mode: 'prediction',
      settlement: 'each',
      matches: [match('m1', ['home', 'away']), match('m2', ['yes', 'no'])],
      prizes: [prize('gold', 2), prize('silver', 1)],
    });
    const page = await playPage<{
      campaign: { game: { predict: Record<string, unknown> } };
      me: { progress: Progress };
    }>(t.app, id);
    expect(page.body.data.campaign.game.predict).toMatchObject({
      mode: 'prediction',
      matches: [{ id: 'm1', title: 'Match m1（中）' }, { id: 'm2' }],
    });
    expect(page.body.data.me.progress).toMatchObject({ picks: {}, results: {}, totals: null, open: true });

    const people = await Promise.all(
      ['ann', 'ben', 'cat', 'dan', 'eve'].map((u) => signedSession(t.app, id, u, secret)),
    );
    const [ann, ben, cat, dan, eve] = people;
    // ann, ben, cat and eve pick both right (eve last, after the others); dan gets m2 wrong.
    for (const [s, m2] of [
      [ben, 'yes'],
      [ann, 'yes'],
      [dan, 'no'],
      [cat, 'yes'],
    ] as const) {
      t.clock.advance(1000);
      expect((await pick(id, s, 'm1', 'home')).status).toBe(200);
      const second = await pick(id, s, 'm2', m2);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      // Prediction mode shows no totals before a result: they would steer the picks.
      expect(second.body.data.result.totals).toBeNull();
    }
    t.clock.advance(1000);
    await pick(id, eve, 'm1', 'home');
    expect((await pick(id, eve, 'm2', 'yes')).body.data.me.progress.picks).toEqual({ m1: 'home', m2: 'yes' });

    // A pick is final; a bad pick is refused with a clear text.
    const again = await pick(id, ann, 'm1', 'away');
    expect(again.status).toBe(409);
    expect(again.body.data.error).toBe('play.pickTaken');
    expect(again.body.msg).toBe('You have already picked for this match: a pick is final');
    const bad = await pick(id, ann, 'm9', 'home');
    expect(bad.status).toBe(400);
    expect(bad.body.data.error).toBe('play.badPick');

    // Results: a wrong option is refused; settling before both results or before the draw time is refused.
    expect((await operator('PUT', id, '/results/m1', { optionId: 'nope' })).status).toBe(400);
    expect((await operator('PUT', id, '/results/m1', { optionId: 'home' })).status).toBe(200);
    const early = await operator('POST', id, '/settle', {});
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('Enter the result of every match before settling');
    // Picks for a decided match close at once.
    const late = await pick(id, people[0], 'm1', 'home');
    expect(late.status).toBe(409);
    const view = await operator('PUT', id, '/results/m2', { optionId: 'yes' });
    expect(view.body.data.matches.map((m) => m.result)).toEqual(['home', 'yes']);
    expect(view.body.data.matches[1].options).toEqual([
      { id: 'yes', label: 'Option yes', picks: 4 },
      { id: 'no', label: 'Option no', picks: 1 },
    ]);
    expect(view.body.data.pickers).toBe(5);
    const tooEarly = await operator('POST', id, '/settle', {});
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.data).toMatchObject({ error: 'predict.tooEarly' });

    t.clock.advance(3 * HOUR);
    const settled = await operator('POST', id, '/settle', {});
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.data.settlement).toMatchObject({ winners: 3, qualified: 4 });
    // Earliest last pick first: ben, ann, cat (gold x2, silver x1); eve is too late; dan was wrong.
    const records = await t.app.ctx.db
      .selectFrom('reward_records')
      .innerJoin('participants', 'participants.id', 'reward_records.participant_id')
      .select(['participants.user_id', 'reward_records.prize_id'])
      .where('reward_records.campaign_id', '=', id)
      .orderBy('participants.user_id')
      .execute();
    expect(records).toEqual([
      { user_id: 'ann', prize_id: 'gold' },
      { user_id: 'ben', prize_id: 'gold' },
      { user_id: 'cat', prize_id: 'silver' },
    ]);

    // Settling again changes nothing; results are final now.
    const twice = await operator('POST', id, '/settle', {});
    expect(twice.body.data.settlement).toEqual(settled.body.data.settlement);
    const changed = await operator('PUT', id, '/results/m1', { optionId: 'away' });
    expect(changed.status).toBe(409);
    expect(changed.body.msg).toBe('The campaign is settled: results can no longer change');
    // The scheduled job finds it settled too.
    await t.app.scheduler.runDueJobs(t.clock.now());
    expect(
      await t.app.ctx.db.selectFrom('reward_records').select('id').where('campaign_id', '=', id).execute(),
    ).toHaveLength(3);

    // The winner sees the result and the prize.
    const mine = await playPage<{ me: { progress: Progress; rewards: { prizeId: string }[] } }>(
      t.app,
      id,
      ann.token,
    );
    expect(mine.body.data.me.progress).toMatchObject({
      results: { m1: 'home', m2: 'yes' },
      settled: true,
      open: false,
    });
    expect(mine.body.data.me.progress.totals?.m1).toEqual({ home: 5, away: 0 });
    expect(mine.body.data.me.rewards.map((r) => r.prizeId)).toEqual(['gold']);

    // The report and its CSV.
    const report = await call<{ participation: { predict: PredictView } }>(
      t.app,
      'GET',
      `/api/campaigns/${id}/report`,
      {
        token: owner.token,
        projectId,
      },
    );
    expect(report.body.data.participation.predict.settlement).toMatchObject({ winners: 3 });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${id}/report/export?section=predict`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId, 'x-lang': 'en' },
    });
    expect(csv.body).toContain('Match ID,Match,Result,Option ID,Option,Picks,Is the result');
    expect(csv.body).toContain('m2,Match m2,yes,yes,Option yes,4,true');
  });

  it('shows live totals while voting and settles by itself at the draw time, drawing among the voters', async () => {
    const id = await livePrediction({
      mode: 'voting',
      settlement: 'draw',
      matches: [match('best', ['a', 'b', 'c'])],
      prizes: [prize('gift', 2)],
    });
    const voters = await Promise.all(
      ['v1', 'v2', 'v3', 'v4'].map((u) => signedSession(t.app, id, u, secret)),
    );
    const votes = ['a', 'b', 'a', 'c'];
    let last: Record<string, number> | null = null;
    for (const [i, s] of voters.entries())
      last = (await pick(id, s, 'best', votes[i])).body.data.result.totals;
    expect(last).toEqual({ a: 2, b: 1, c: 1 });
    // Nothing to enter in voting: the settle job is scheduled by hand here (the console's settle
    // button does the same); before the draw time it is refused.
    expect((await operator('POST', id, '/settle', {})).body.data).toMatchObject({
      error: 'predict.tooEarly',
    });
    t.clock.advance(3 * HOUR);
    const closed = await pick(id, await signedSession(t.app, id, 'v5', secret), 'best', 'a');
    expect(closed.body.data.error).toBe('play.picksClosed');
    const settled = await operator('POST', id, '/settle', {});
    expect(settled.body.data.settlement).toMatchObject({ winners: 2, qualified: 4 });
  });

  it('settles at the draw time by the scheduler once every result is in', async () => {
    const id = await livePrediction({
      mode: 'prediction',
      settlement: 'draw',
      matches: [match('m1', ['x', 'y'])],
      prizes: [prize('gold', 10)],
    });
    const s = await signedSession(t.app, id, 'sam', secret);
    await pick(id, s, 'm1', 'x');
    await operator('PUT', id, '/results/m1', { optionId: 'x' });
    // Not due yet.
    await t.app.scheduler.runDueJobs(t.clock.now());
    expect((await operator('GET', id)).body.data.settlement).toBeNull();
    t.clock.advance(3 * HOUR);
    await t.app.scheduler.runDueJobs(t.clock.now());
    expect((await operator('GET', id)).body.data.settlement).toMatchObject({ winners: 1, by: null });

    // A last result entered after the draw time leaves 10 minutes to correct it.
    const late = await livePrediction({
      mode: 'prediction',
      settlement: 'draw',
      matches: [match('m1', ['x', 'y'])],
      prizes: [prize('gold', 10)],
    });
    await pick(late, await signedSession(t.app, late, 'sue', secret), 'm1', 'y');
    t.clock.advance(3 * HOUR);
    await operator('PUT', late, '/results/m1', { optionId: 'x' });
    t.clock.advance(5 * 60_000);
    await t.app.scheduler.runDueJobs(t.clock.now());
    const corrected = await operator('PUT', late, '/results/m1', { optionId: 'y' });
    expect(corrected.body.data.settlement).toBeNull();
    t.clock.advance(11 * 60_000);
    await t.app.scheduler.runDueJobs(t.clock.now());
    expect((await operator('GET', late)).body.data.settlement).toMatchObject({ winners: 1, qualified: 1 });
  });

  it(`settles once when many settle at the same time (${SERVERS_UNDER_TEST})`, async () => {
    const id = await livePrediction({
      mode: 'prediction',
      settlement: 'draw',
      matches: [match('m1', ['x', 'y'])],
      prizes: [prize('gold', 30)],
    });
    const sessions = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signedSession(t.app, id, `crowd${i}`, secret)),
    );
    for (const [i, s] of sessions.entries()) await pick(id, s, 'm1', i % 4 === 0 ? 'y' : 'x');
    await operator('PUT', id, '/results/m1', { optionId: 'x' });
    t.clock.advance(3 * HOUR);
    const { servers, close } = await appServers(t);
    try {
      const bases: string[] = [];
      // A backlog that holds every connection at once: on a busy machine the default (511) drops
      // the rest's handshakes and fetch gives up connecting after 10 s.
      for (const server of servers) {
        bases.push(await server.listen({ host: '127.0.0.1', port: 0, backlog: 2048 }));
      }
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          fetch(`${bases[i % bases.length]}/api/campaigns/${id}/predict/settle`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${owner.token}`,
              'x-project-id': projectId,
              'content-type': 'application/json',
            },
            body: '{}',
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: PredictView } })),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((a) => JSON.stringify(a.body.data.settlement))).size).toBe(1);
      const records = await t.app.ctx.db
        .selectFrom('reward_records')
        .select('participant_id')
        .where('campaign_id', '=', id)
        .execute();
      // 30 right pickers, 30 in stock: each once.
      expect(records).toHaveLength(30);
      expect(new Set(records.map((r) => r.participant_id)).size).toBe(30);
      const stock = await t.app.ctx.db
        .selectFrom('play_prize_stock')
        .select('issued')
        .where('campaign_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stock.issued).toBe(30);
    } finally {
      await close();
    }
  }, 240_000);
});
