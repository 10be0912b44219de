import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession, type PlaySession } from './helpers/play';
import { accessKey, sdkEvent, sendServerEvents } from './helpers/sdk';
import type { SummaryStore } from '../../src/server/play/participantSummary';
import { predictSummaries } from '../../src/server/play/predict/predictActions';
import { collectSummaries } from '../../src/server/play/collect/collectStore';
import { poolSummaries } from '../../src/server/play/pool/poolService';

// The per-participant summaries of match prediction, fragment collection and the coin pool,
// through the participant API: after a seeded random run of actions (refusals, repeats of an
// Idempotency-Key, a friend's claim or answer, the app's events, the operator's results, the
// settling jobs, hours and local days passing), every stored summary equals the one rebuilt from
// the mechanic's tables, and each action's answer shows the same `me.progress` as the page read
// right after it.

const HOUR = 3_600_000;
const STEPS = 45;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });

type Rng = ReturnType<typeof xoroshiro128plus>;
const pickOf = <T>(rng: Rng, items: readonly T[]): T => items[uniformInt(rng, 0, items.length - 1)];

interface Answer {
  status: number;
  body: { data: { me?: { progress: Record<string, unknown> }; result?: Record<string, unknown> } };
}

describe('participant API: mechanics keep their per-participant summaries exactly', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'summaries@example.com');
    projectId = await createProject(t.app, owner, 'Summaries', 'summaries');
    secret = await apiSecretOf(t.app, projectId);
  });
  afterAll(async () => t.close());

  async function live(mark: string, config: Record<string, unknown>) {
    const created = await createCampaign(t.app, owner, projectId, { mark, config });
    const moved = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return created.id;
  }

  const idOf = async (s: PlaySession) =>
    (
      await t.app.ctx.db
        .selectFrom('participants')
        .select('id')
        .where('code', '=', s.participant.code)
        .executeTakeFirstOrThrow()
    ).id;

  /** Every stored summary of the campaign equals the one rebuilt from the tables; answers how many. */
  async function summariesHold(store: SummaryStore<unknown>, campaignId: string, sessions: PlaySession[]) {
    let stored = 0;
    for (const s of sessions) {
      const owner = { campaignId, projectId, participantId: await idOf(s) };
      const read = await store.read(t.app.ctx.db, owner);
      if (read.rebuilt) continue;
      stored += 1;
      expect(read.summary, `summary of ${s.participant.code}`).toEqual(
        await store.rebuild(t.app.ctx.db, owner),
      );
    }
    return stored;
  }

  /** An answered action shows the `me.progress` of the page read right after it. */
  async function answerMatchesPage(campaignId: string, s: PlaySession, answer: Answer) {
    if (answer.status !== 200) return false;
    const page = await playPage<{ me: { progress: Record<string, unknown> } }>(t.app, campaignId, s.token);
    expect(page.status).toBe(200);
    expect(answer.body.data.me?.progress).toEqual(page.body.data.me.progress);
    return true;
  }

  /** A run of `STEPS` steps: each takes a step, then checks the answer and the summaries. */
  async function run(
    seed: number,
    store: SummaryStore<unknown>,
    campaignId: string,
    sessions: PlaySession[],
    step: (rng: Rng) => Promise<{ session: PlaySession; answer: Answer; action: string } | null>,
  ) {
    const rng = xoroshiro128plus(seed);
    const seen = { answered: 0, refused: 0, stored: 0, actions: new Set<string>() };
    for (let i = 0; i < STEPS; i++) {
      const acted = await step(rng);
      if (acted) {
        expect(acted.answer.status, JSON.stringify(acted.answer.body)).not.toBe(401);
        if (await answerMatchesPage(campaignId, acted.session, acted.answer)) {
          seen.answered += 1;
          seen.actions.add(acted.action);
        } else seen.refused += 1;
      }
      seen.stored = Math.max(seen.stored, await summariesHold(store, campaignId, sessions));
    }
    // A page view stores a missing or stale summary, rebuilt: then every participant has one.
    for (const s of sessions) expect((await playPage(t.app, campaignId, s.token)).status).toBe(200);
    seen.stored = await summariesHold(store, campaignId, sessions);
    return seen;
  }

  /**
   * The participants' sessions, opened again when hours pass (a session expires), and their
   * requests: now and then one is sent again with its key (answered as the first time, or refused
   * as it was).
   */
  const players = async (campaignId: string, userIds: string[]) => {
    const sessions = await Promise.all(userIds.map((u) => signedSession(t.app, campaignId, u, secret)));
    let last: { i: number; action: string; key: string; body: unknown } | null = null;
    return {
      sessions,
      /** Hours pass: the clock moves on and every session is opened again. */
      async advance(ms: number) {
        t.clock.advance(ms);
        for (const [i, userId] of userIds.entries())
          sessions[i] = await signedSession(t.app, campaignId, userId, secret);
      },
      async act(i: number, action: string, body: unknown, rng: Rng) {
        const again = last !== null && uniformInt(rng, 0, 5) === 0;
        const request = again && last ? last : { i, action, key: crypto.randomUUID(), body };
        last = request;
        const session = sessions[request.i];
        const answer: Answer = await act(t.app, campaignId, session.token, request.action, {
          key: request.key,
          body: request.body,
        });
        return { session, answer, i: request.i, action: request.action };
      },
    };
  };

  it('match prediction: the picks', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'match-prediction', 'classic');
    const matches = ['m1', 'm2', 'm3', 'm4'].map((id) => ({
      id,
      title: text(`Match ${id}`),
      options: ['a', 'b', 'c'].map((o) => ({ id: o, label: text(`Option ${o}`) })),
    }));
    const id = await live('match-prediction', {
      ...withTimes(base, new Date(t.clock.now().getTime() - HOUR), 10),
      timezone: 'GMT+08:00',
      mode: 'prediction',
      drawTime: new Date(t.clock.now().getTime() + 5 * 24 * HOUR).toISOString(),
      matches,
      prizes: [{ id: 'gold', name: text('Gold'), deliveryType: 'system', isThank: false, stock: 3 }],
    });
    const p = await players(id, ['pa', 'pb', 'pc']);
    const entered = new Set<string>();
    const seen = await run(20261128, predictSummaries, id, p.sessions, async (rng) => {
      const roll = uniformInt(rng, 0, 9);
      if (roll === 0) {
        // A few hours pass, now and then past the campaign's local midnight.
        await p.advance(uniformInt(rng, 1, 20) * HOUR);
        return null;
      }
      if (roll === 1 && entered.size < 2) {
        const matchId = pickOf(rng, matches).id;
        if (!entered.has(matchId)) {
          entered.add(matchId);
          const result = await call(t.app, 'PUT', `/api/campaigns/${id}/predict/results/${matchId}`, {
            token: owner.token,
            projectId,
            body: { optionId: 'a' },
          });
          expect(result.status, JSON.stringify(result.body)).toBe(200);
        }
        return null;
      }
      const body = { matchId: pickOf(rng, matches).id, optionId: pickOf(rng, ['a', 'b', 'c']) };
      return p.act(uniformInt(rng, 0, 2), 'predict', body, rng);
    });
    expect(seen.answered).toBeGreaterThan(3);
    expect(seen.refused).toBeGreaterThan(3);
    expect(seen.stored).toBe(3);
  });

  it('fragment collection: fragments and open gifts and requests, with friends claiming and answering', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'fragment-collection', 'five-pieces');
    const fragments = ['f1', 'f2', 'f3'].map((f, i) => ({ id: f, name: text(f), odds: [50, 30, 20][i] }));
    const id = await live('fragment-collection', {
      ...withTimes(base, new Date(t.clock.now().getTime() - HOUR), 10),
      timezone: 'GMT+08:00',
      fragments,
      prizes: [
        {
          id: 'small',
          name: text('Small'),
          deliveryType: 'system',
          isThank: false,
          stock: 3,
          fragmentCount: 2,
        },
        {
          id: 'grand',
          name: text('Grand'),
          deliveryType: 'system',
          isThank: false,
          stock: 5,
          fragmentCount: 3,
        },
      ],
      chances: { initialCount: 30, dailyFree: 1 },
    });
    const p = await players(id, ['ca', 'cb', 'cc']);
    const open: { id: string; kind: string; by: number }[] = [];
    const seen = await run(1128, collectSummaries, id, p.sessions, async (rng) => {
      const roll = uniformInt(rng, 0, 11);
      if (roll === 0) {
        await p.advance(uniformInt(rng, 1, 20) * HOUR);
        return null;
      }
      const i = uniformInt(rng, 0, 2);
      const others = open.filter((o) => o.by !== i);
      let action: string;
      let body: Record<string, unknown>;
      if (roll <= 4) [action, body] = ['drawFragment', {}];
      else if (roll === 5)
        [action, body] = ['exchange', { prizeId: pickOf(rng, ['small', 'grand', 'nope']) }];
      else if (roll === 6) [action, body] = ['gift', { fragmentId: pickOf(rng, ['f1', 'f2', 'f3']) }];
      else if (roll === 7) [action, body] = ['ask', { fragmentId: pickOf(rng, ['f1', 'f2', 'f3']) }];
      else if (others.length > 0) {
        const transfer = pickOf(rng, others);
        [action, body] = [transfer.kind === 'gift' ? 'claimGift' : 'giveAsked', { transferId: transfer.id }];
      } else [action, body] = ['drawFragment', {}];
      const acted = await p.act(i, action, body, rng);
      const result = acted.answer.body.data.result;
      if (acted.answer.status === 200 && result && typeof result.transferId === 'string') {
        const known = open.findIndex((o) => o.id === result.transferId);
        if (result.kind === 'gift' || result.kind === 'ask') {
          if (known < 0) open.push({ id: result.transferId, kind: result.kind, by: acted.i });
        } else if (known >= 0) open.splice(known, 1);
      }
      return acted;
    });
    expect(seen.answered).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.stored).toBe(3);
    expect(seen.actions).toContain('drawFragment');
    // Friends moved each other's fragments: a marked summary was rebuilt and stored again.
    const claimed = await t.app.ctx.db
      .selectFrom('play_fragment_transfers')
      .select('id')
      .where('campaign_id', '=', id)
      .where('state', '=', 'done')
      .execute();
    expect(claimed.length).toBeGreaterThan(0);
  });

  it('coin pool: coins earned and staked, round stakes, shares settled, claimed and expired', async () => {
    const key = await accessKey(t.app, owner, projectId);
    for (const [k, name] of [
      ['sum_sign', 'Sign in'],
      ['sum_order', 'Order'],
    ]) {
      const defined = await call(t.app, 'POST', '/api/events', {
        token: owner.token,
        projectId,
        body: { key: k, name },
      });
      expect(defined.status, JSON.stringify(defined.body)).toBe(200);
    }
    const templates = await call<{ templates: { name: string }[] }>(
      t.app,
      'GET',
      '/api/schemas/gameplay/coin-pool',
      {
        token: owner.token,
      },
    );
    const base = await templateConfig(
      t.app,
      'gameplay',
      'coin-pool',
      templates.body.data.templates[0]?.name ?? '',
    );
    const start = new Date(t.clock.now().getTime() - HOUR);
    const id = await live('coin-pool', {
      ...withTimes(base, start, 3),
      timezone: 'GMT+08:00',
      drawTime: new Date(start.getTime() + 12 * HOUR).toISOString(),
      roundHours: 3,
      claimValidHours: 2,
      pool: { total: 900, perUserMax: 0 },
      tasks: [
        { id: 'sign', title: text('Sign in'), event: 'sum_sign', coins: 10 },
        { id: 'buy', title: text('Order'), event: 'sum_order', coins: 25 },
      ],
    });
    const users = ['oa', 'ob', 'oc'];
    const p = await players(id, users);
    const seen = await run(281126, poolSummaries, id, p.sessions, async (rng) => {
      const roll = uniformInt(rng, 0, 9);
      if (roll === 0) {
        // Hours pass; the rounds that ended are settled and the late shares expired by the jobs.
        await p.advance(uniformInt(rng, 1, 4) * HOUR);
        await t.app.scheduler.runDueJobs();
        return null;
      }
      if (roll <= 2) {
        const userId = pickOf(rng, users);
        const sent = await sendServerEvents(t.app, key, [
          sdkEvent({
            name: pickOf(rng, ['sum_sign', 'sum_order']),
            deviceId: `${userId}-phone`,
            userId,
            platform: 'android',
            time: t.clock.now().toISOString(),
          }),
        ]);
        expect(sent.status).toBe(200);
        return null;
      }
      const [action, body] =
        roll <= 7
          ? ['stake', { coins: uniformInt(rng, 1, 30) }]
          : // Mostly the round that ended last (its share is claimable for two hours).
            [
              'claimShare',
              {
                round:
                  uniformInt(rng, 0, 3) === 0
                    ? uniformInt(rng, 0, 4)
                    : Math.floor((t.clock.now().getTime() - start.getTime()) / (3 * HOUR)) - 1,
              },
            ];
      return p.act(uniformInt(rng, 0, 2), action, body, rng);
    });
    expect(seen.answered).toBeGreaterThan(5);
    expect(seen.refused).toBeGreaterThan(3);
    expect(seen.stored).toBe(3);
    expect(seen.actions).toContain('stake');
    const shares = await t.app.ctx.db
      .selectFrom('play_pool_shares')
      .select(['claimed_at', 'expired_at'])
      .where('campaign_id', '=', id)
      .execute();
    expect(shares.length).toBeGreaterThan(0);
  });
});
