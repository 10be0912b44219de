import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession, type PlaySession } from './helpers/play';
import { accessKey, sdkEvent, sendServerEvents } from './helpers/sdk';

// The coin pool through the SDK and the participant API: the app's events earn task coins (once
// per task and round), players stake what they hold, the round's pool is shared in proportion at
// its end by a job that runs once however many servers run it, shares are claimed once within the
// claim time and the rest expire, every coin movement recorded.

const HOUR = 3_600_000;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });

interface PoolProgress {
  balance: number;
  current: { index: number; staked: number; mine: number } | null;
  tasks: { id: string; coins: number; done: boolean }[];
  rounds: { index: number; state: string; share: number; claimed: boolean; expired: boolean }[];
}

describe('participant API: coin pool', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let key: string;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'pool@example.com');
    projectId = await createProject(t.app, owner, 'Pool', 'pool');
    secret = await apiSecretOf(t.app, projectId);
    key = await accessKey(t.app, owner, projectId);
    for (const [k, name] of [
      ['sign_in', 'Sign in'],
      ['order', 'Order'],
    ]) {
      const defined = await call(t.app, 'POST', '/api/events', {
        token: owner.token,
        projectId,
        body: { key: k, name },
      });
      expect(defined.status, JSON.stringify(defined.body)).toBe(200);
    }
    base = await templateConfig(t.app, 'gameplay', 'coin-pool', (await firstTemplate()) ?? '');
  });
  afterAll(async () => t.close());

  async function firstTemplate() {
    const entry = await call<{ templates: { name: string }[] }>(
      t.app,
      'GET',
      '/api/schemas/gameplay/coin-pool',
      {
        token: owner.token,
      },
    );
    return entry.body.data.templates[0]?.name;
  }

  const progressOf = async (id: string, s: PlaySession) => {
    const page = await playPage<{ me: { progress: { pool: PoolProgress } } }>(t.app, id, s.token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body.data.me.progress.pool;
  };
  const events = (userId: string, names: string[]) =>
    sendServerEvents(
      t.app,
      key,
      names.map((name) =>
        sdkEvent({
          name,
          deviceId: `${userId}-phone`,
          userId,
          platform: 'android',
          time: t.clock.now().toISOString(),
        }),
      ),
    );

  it('earns task coins from app events, stakes them, shares the round once, and claims or expires each share', async () => {
    const start = new Date(t.clock.now().getTime() - HOUR);
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'coin-pool',
      config: {
        ...withTimes(base, start, 3),
        drawTime: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
        roundHours: 24,
        claimValidHours: 2,
        pool: { total: 1000, perUserMax: 0 },
        tasks: [
          { id: 'sign', title: text('Sign in'), event: 'sign_in', coins: 10 },
          { id: 'buy', title: text('Order'), event: 'order', coins: 50 },
        ],
      },
    });
    const id = created.id;
    expect((await campaignAction(t.app, owner, projectId, id, 'goOnline')).status).toBe(200);
    const [amy, ben, cat] = await Promise.all(
      ['amy', 'ben', 'cat'].map((u) => signedSession(t.app, id, u, secret)),
    );

    // Task coins: once per task and round, whatever the app sends again.
    expect((await events('amy', ['sign_in', 'order', 'sign_in'])).status).toBe(200);
    await events('amy', ['sign_in']);
    await events('ben', ['sign_in']);
    await events('cat', ['order']);
    const amyPool = await progressOf(id, amy);
    expect(amyPool).toMatchObject({ balance: 60, current: { index: 0, staked: 0, mine: 0 } });
    expect(amyPool.tasks).toEqual([
      { id: 'sign', event: 'sign_in', coins: 10, done: true },
      { id: 'buy', event: 'order', coins: 50, done: true },
    ]);

    const tooMuch = await act(t.app, id, amy.token, 'stake', { body: { coins: 70 }, lang: 'en' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.msg).toBe('You have 60 coins: stake at most that many');
    expect((await act(t.app, id, amy.token, 'stake', { body: { coins: 60 } })).status).toBe(200);
    expect((await act(t.app, id, ben.token, 'stake', { body: { coins: 10 } })).status).toBe(200);
    // Cat stakes 30 of 50 twice at once: the second finds 20 left.
    const both = await Promise.all([
      act(t.app, id, cat.token, 'stake', { body: { coins: 30 } }),
      act(t.app, id, cat.token, 'stake', { body: { coins: 30 } }),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await progressOf(id, cat)).toMatchObject({ balance: 20, current: { staked: 100, mine: 30 } });

    // The round ends: every server runs its jobs at once; the round is shared once.
    t.clock.advance(2 * HOUR);
    const { servers, close } = await appServers(t);
    try {
      await Promise.all([...servers, ...servers].map((s) => s.scheduler.runDueJobs()));
    } finally {
      await close();
    }
    const shares = await t.app.ctx.db
      .selectFrom('play_pool_shares')
      .select(['coins', 'share'])
      .where('campaign_id', '=', id)
      .orderBy('share', 'desc')
      .execute();
    expect(shares).toEqual([
      { coins: 60, share: 600 },
      { coins: 30, share: 300 },
      { coins: 10, share: 100 },
    ]);
    expect((await progressOf(id, amy)).rounds[0]).toMatchObject({
      index: 0,
      state: 'claiming',
      share: 600,
      claimed: false,
    });

    const claimed = await act<{ result: { share: number; rewardId: string } }>(
      t.app,
      id,
      amy.token,
      'claimShare',
      {
        body: { round: 0 },
      },
    );
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.data.result.share).toBe(600);
    const twice = await act(t.app, id, amy.token, 'claimShare', { body: { round: 0 }, lang: 'en' });
    expect(twice.body.data.error).toBe('pool.claimed');
    expect((await act(t.app, id, ben.token, 'claimShare', { body: { round: 0 } })).status).toBe(200);

    // Cat waits too long: the share expires, recorded.
    t.clock.advance(2 * HOUR + 1000);
    await t.app.scheduler.runDueJobs();
    const late = await act(t.app, id, cat.token, 'claimShare', { body: { round: 0 }, lang: 'en' });
    expect(late.status).toBe(409);
    expect(late.body.data.error).toBe('pool.claimExpired');
    expect((await progressOf(id, cat)).rounds[0]).toMatchObject({
      state: 'settled',
      expired: true,
      claimed: false,
    });
    const records = await t.app.ctx.db
      .selectFrom('play_coin_records as r')
      .innerJoin('participants as p', 'p.id', 'r.participant_id')
      .select(['p.user_id', 'r.kind', 'r.amount'])
      .where('r.campaign_id', '=', id)
      .orderBy('p.user_id')
      .orderBy('r.kind')
      .orderBy('r.amount')
      .execute();
    expect(records.map((r) => `${r.user_id} ${r.kind} ${r.amount}`)).toEqual([
      'amy claim 600',
      'amy deduct 60',
      'amy earn 10',
      'amy earn 50',
      'ben claim 100',
      'ben deduct 10',
      'ben earn 10',
      'cat deduct 30',
      'cat earn 50',
      'cat expired 300',
    ]);
    const rewards = await t.app.ctx.db
      .selectFrom('reward_records')
      .select(['prize_name', 'user_id'])
      .where('campaign_id', '=', id)
      .orderBy('user_id')
      .execute();
    expect(rewards.map((r) => r.user_id)).toEqual(['amy', 'ben']);

    const report = await call<{ participation: { pool: { rounds: Record<string, unknown>[] } } }>(
      t.app,
      'GET',
      `/api/campaigns/${id}/report`,
      { token: owner.token, projectId },
    );
    expect(report.body.data.participation.pool.rounds.find((r) => r.index === 0)).toMatchObject({
      index: 0,
      stakers: 3,
      staked: 100,
      shared: 1000,
      claimed: 700,
      expired: 300,
    });
  });
});
