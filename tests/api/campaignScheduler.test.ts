import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import {
  campaignAction,
  createCampaign,
  templateConfig,
  withTimes,
  type CampaignView,
} from './helpers/campaigns';

const HOUR = 3_600_000;

/** Another server on the same database (and clock) as the test app. */
function sameDatabase(t: TestApp): Promise<FastifyInstance> {
  return buildApp({
    databaseUrl: t.databaseUrl,
    webDir: join(tmpdir(), 'growth-no-web-build'),
    now: t.clock.now,
    publicUrl: 'http://console.test',
    schedulerIntervalMs: 0,
    mailer: { async send() {} },
  });
}

interface History {
  history: {
    action: string;
    fromStatus: string | null;
    toStatus: string;
    via: string;
    actor: { id: string } | null;
  }[];
}

async function historyOf(app: FastifyInstance, by: SignedIn, projectId: string, id: string) {
  const report = await call<History>(app, 'GET', `/api/campaigns/${id}/report`, {
    token: by.token,
    projectId,
  });
  expect(report.status).toBe(200);
  return report.body.data.history;
}

describe('scheduled moves: stored as jobs, done once, surviving restarts', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let wheel: Record<string, unknown>;
  const extra: FastifyInstance[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'scheduler@example.com');
    projectId = await createProject(t.app, owner, 'Timed', 'timed');
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => {
    for (const app of extra) await app.close();
    await t.close();
  });

  it('a scheduled online happens after a restart, on the new server, and is recorded once', async () => {
    const start = new Date(t.clock.now().getTime() + HOUR);
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: withTimes(wheel, start),
    });
    const at = new Date(t.clock.now().getTime() + 2 * HOUR).toISOString();
    const scheduled = await campaignAction(t.app, owner, projectId, created.id, 'goOnline', at);
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.data).toMatchObject({ status: 'scheduled', onlineAt: at });
    // Nothing is due yet; the stored phase waits for the job.
    expect(await t.app.scheduler.runDueJobs()).toMatchObject({ done: 0 });
    const stored = await t.app.ctx.db
      .selectFrom('campaigns')
      .select('phase')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.phase).toBe('draft');

    // The server stops; another starts on the same database later.
    await t.app.close();
    const next = await sameDatabase(t);
    extra.push(next);
    t.clock.advance(2 * HOUR + 1000);
    expect(await next.scheduler.runDueJobs()).toMatchObject({ done: 1, failed: 0 });
    const after = await call<CampaignView>(next, 'GET', `/api/campaigns/${created.id}`, {
      token: owner.token,
      projectId,
    });
    expect(after.body.data).toMatchObject({ status: 'running', onlineAt: null });
    const row = await next.ctx.db
      .selectFrom('campaigns')
      .select('phase')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.phase).toBe('online');

    // Running again changes nothing.
    expect(await next.scheduler.runDueJobs()).toMatchObject({ done: 0 });
    const history = await historyOf(next, owner, projectId, created.id);
    expect(history.map((e) => [e.action, e.fromStatus, e.toStatus, e.via])).toEqual([
      ['create', null, 'draft', 'user'],
      ['goOnline', 'draft', 'scheduled', 'user'],
      ['goOnline', 'scheduled', 'running', 'scheduler'],
    ]);
    expect(history[2].actor?.id).toBe(owner.userId);
  });

  it('two servers racing on one database move each campaign exactly once', async () => {
    const [a, b] = extra.length ? [extra[0], await sameDatabase(t)] : [t.app, await sameDatabase(t)];
    extra.push(b);
    const at = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await createCampaign(a, owner, projectId, {
        mark: 'lucky-wheel',
        config: withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      });
      expect((await campaignAction(a, owner, projectId, created.id, 'goOnline', at)).body.data.status).toBe(
        'scheduled',
      );
      ids.push(created.id);
    }
    t.clock.advance(HOUR + 1000);
    const reports = await Promise.all([
      a.scheduler.runDueJobs(),
      b.scheduler.runDueJobs(),
      a.scheduler.runDueJobs(),
    ]);
    expect(reports.reduce((sum, r) => sum + r.done, 0)).toBe(ids.length);
    expect(reports.reduce((sum, r) => sum + r.failed, 0)).toBe(0);
    for (const id of ids) {
      const history = await historyOf(b, owner, projectId, id);
      expect(
        history.filter((e) => e.via === 'scheduler'),
        id,
      ).toHaveLength(1);
      const status = await call<CampaignView>(a, 'GET', `/api/campaigns/${id}`, {
        token: owner.token,
        projectId,
      });
      expect(status.body.data.status).toBe('running');
    }
    const jobs = await a.ctx.db
      .selectFrom('scheduled_jobs')
      .select(['state', 'subject_id'])
      .where('subject_id', 'in', ids)
      .execute();
    expect(jobs.map((j) => j.state)).toEqual(ids.map(() => 'done'));
  });

  it('a claim abandoned by a dead server is taken over, still once', async () => {
    const [a] = extra;
    const created = await createCampaign(a, owner, projectId, {
      mark: 'lucky-wheel',
      config: withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
    });
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    await campaignAction(a, owner, projectId, created.id, 'goOnline', at);
    t.clock.advance(61_000);
    // A server claimed it and died before finishing.
    await a.ctx.db
      .updateTable('scheduled_jobs')
      .set({
        state: 'running',
        claim_token: 'dead',
        claimed_by: 'dead-server',
        claimed_at: t.clock.now().toISOString(),
        attempts: 1,
      })
      .where('subject_id', '=', created.id)
      .execute();
    expect(await a.scheduler.runDueJobs()).toMatchObject({ done: 0 });
    t.clock.advance(61_000);
    expect(await a.scheduler.runDueJobs()).toMatchObject({ done: 1 });
    const history = await historyOf(a, owner, projectId, created.id);
    expect(history.filter((e) => e.via === 'scheduler')).toHaveLength(1);
  });

  it('moving the online time replaces the job, going offline cancels it, a past end skips it', async () => {
    const [a] = extra;
    const config = withTimes(wheel, new Date(t.clock.now().getTime() - HOUR), 1);
    const created = await createCampaign(a, owner, projectId, { mark: 'lucky-wheel', config });
    const first = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const second = new Date(t.clock.now().getTime() + 2 * HOUR).toISOString();
    const planned = await campaignAction(a, owner, projectId, created.id, 'goOnline', first);
    // While the chosen time waits, going online again moves it ("change online time").
    expect(planned.body.data).toMatchObject({
      status: 'scheduled',
      actions: ['edit', 'delete', 'goOnline', 'goOffline'],
    });
    const moved = await campaignAction(a, owner, projectId, created.id, 'goOnline', second);
    expect(moved.body.data.onlineAt).toBe(second);
    const pending = await a.ctx.db
      .selectFrom('scheduled_jobs')
      .select(['run_at', 'state'])
      .where('subject_id', '=', created.id)
      .orderBy('created_at')
      .execute();
    expect(pending.map((j) => j.state).sort()).toEqual(['cancelled', 'pending']);
    expect(pending.find((j) => j.state === 'pending')?.run_at).toBe(second);

    const off = await campaignAction(a, owner, projectId, created.id, 'goOffline');
    expect(off.body.data).toMatchObject({ status: 'offline', onlineAt: null });
    t.clock.advance(3 * HOUR);
    expect(await a.scheduler.runDueJobs()).toMatchObject({ done: 0 });
    const still = await call<CampaignView>(a, 'GET', `/api/campaigns/${created.id}`, {
      token: owner.token,
      projectId,
    });
    expect(still.body.data.status).toBe('offline');
  });

  it("the config's offlineAt takes a published campaign offline on time", async () => {
    const [a] = extra;
    const start = new Date(t.clock.now().getTime() - HOUR);
    const offlineAt = new Date(t.clock.now().getTime() + 3 * HOUR).toISOString();
    const config = { ...withTimes(wheel, start), offlineAt };
    const created = await createCampaign(a, owner, projectId, { mark: 'lucky-wheel', config });
    // A draft plans nothing.
    t.clock.advance(60_000);
    expect(await a.scheduler.runDueJobs()).toMatchObject({ done: 0 });
    await campaignAction(a, owner, projectId, created.id, 'goOnline');
    t.clock.advance(3 * HOUR);
    expect(await a.scheduler.runDueJobs()).toMatchObject({ done: 1 });
    const after = await call<CampaignView>(a, 'GET', `/api/campaigns/${created.id}`, {
      token: owner.token,
      projectId,
    });
    expect(after.body.data.status).toBe('offline');
    const history = await historyOf(a, owner, projectId, created.id);
    expect(history.at(-1)).toMatchObject({
      action: 'goOffline',
      fromStatus: 'running',
      toStatus: 'offline',
      via: 'scheduler',
    });
  });
});

describe('the scheduler timer', () => {
  it('polls on its own when an interval is set, and stops on close', async () => {
    const t = await createTestApp({ schedulerIntervalMs: 20 });
    try {
      const owner = await signUpOwner(t.app, 'timer@example.com');
      const projectId = await createProject(t.app, owner, 'Timer', 'timer');
      const wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
      const created = await createCampaign(t.app, owner, projectId, {
        mark: 'lucky-wheel',
        config: withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      });
      await campaignAction(
        t.app,
        owner,
        projectId,
        created.id,
        'goOnline',
        new Date(t.clock.now().getTime() + 1000).toISOString(),
      );
      t.clock.advance(2000);
      let status = '';
      for (let i = 0; i < 100 && status !== 'online'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const row = await t.app.ctx.db
          .selectFrom('campaigns')
          .select('phase')
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow();
        status = row.phase;
      }
      expect(status).toBe('online');
    } finally {
      await t.close();
    }
  });
});
