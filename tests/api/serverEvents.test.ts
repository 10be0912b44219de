import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, login, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { apiSecretOf, playPage, signedSession } from './helpers/play';
import { accessKey, sdkEvent, sendEvents, sendServerEvents, signedHeaders } from './helpers/sdk';

// The server-to-server events door: the same batch as the SDK's, signed with the project's API
// secret (Standard Webhooks). Only its events move progress that takes the server's word only
// (the default); the SDK's events are stored for analytics, move nothing there and are counted
// per campaign and day. An app event whose id the server then reports with the same content is
// confirmed (once, also from two servers at once); with other content the server's is refused.

const HOUR = 3_600_000;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });

const task = (id: string, event: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: text(id),
  event,
  limits: { daily: 0, weekly: 0, total: 0 },
  goButton: { text: text('Go'), url: 'app://tasks' },
  status: 'online',
  period: { mode: 'permanent' },
  ...extra,
});

const prize = { id: 'coupon', name: text('coupon'), deliveryType: 'system', isThank: false, stock: 100 };

interface TaskProgress {
  id: string;
  done: { total: number };
}

describe('server-to-server events', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let otherProject: string;
  let secret: string;
  let key: string;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'server-events@example.com');
    projectId = await createProject(t.app, owner, 'Server events', 'srvev');
    otherProject = await createProject(t.app, owner, 'Other', 'srvev2');
    secret = await apiSecretOf(t.app, projectId);
    key = await accessKey(t.app, owner, projectId);
    const defined = await call(t.app, 'POST', '/api/events', {
      token: owner.token,
      projectId,
      body: { key: 'order_paid', name: 'Order paid' },
    });
    expect(defined.status, JSON.stringify(defined.body)).toBe(200);
    base = await templateConfig(t.app, 'gameplay', 'task-center', 'classic');
  });
  afterAll(async () => t.close());

  async function liveTasks(tasks: unknown[]) {
    owner = await login(t.app, 'server-events@example.com');
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'task-center',
      config: { ...withTimes(base, new Date(t.clock.now().getTime() - HOUR), 28), tasks, prizes: [prize] },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    return created.id;
  }

  const doneOf = async (id: string, userId: string) => {
    const s = await signedSession(t.app, id, userId, secret);
    const page = await playPage<{ me: { progress: { tasks: TaskProgress[] } } }>(t.app, id, s.token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return Object.fromEntries(page.body.data.me.progress.tasks.map((p) => [p.id, p.done.total]));
  };

  const order = (userId: string, extra: Record<string, unknown> = {}) =>
    sdkEvent({
      name: 'order_paid',
      deviceId: `${userId}-phone`,
      userId,
      platform: 'android',
      time: t.clock.now().toISOString(),
      ...extra,
    });

  const refusalsOf = (campaignId: string) =>
    t.app.ctx.db
      .selectFrom('risk_refusals')
      .select(['rule', 'count'])
      .where('campaign_id', '=', campaignId)
      .execute();

  const post = (payload: string, headers: Record<string, string>, lang?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/server/v1/events',
      headers: {
        'content-type': 'application/json',
        'x-access-key': key,
        ...(lang ? { 'x-lang': lang } : {}),
        ...headers,
      },
      payload,
    });

  it('refuses a request without a valid signature: none, another secret, an altered body, an old timestamp', async () => {
    const payload = JSON.stringify({ events: [order('sig')] });
    const otherSecret = await apiSecretOf(t.app, otherProject);
    const cases = [
      {},
      signedHeaders(otherSecret, payload),
      signedHeaders(secret, payload.replace('sig', 'sih')),
      signedHeaders(secret, payload, new Date(Date.now() - 10 * 60_000)),
    ];
    for (const headers of cases) {
      const answer = await post(payload, headers, 'en');
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json()).toMatchObject({ code: 401 });
      expect(answer.json().msg).toContain("project's API secret");
    }
    const zh = await post(payload, {}, 'zh-cn');
    expect(zh.json().msg).toContain('API 密钥');
    // Nothing was stored.
    const stored = await t.app.ctx.db
      .selectFrom('sdk_events')
      .select('event_id')
      .where('user_id', '=', 'sig')
      .execute();
    expect(stored).toEqual([]);
    // A wrong access key answers 401 before any signature is read.
    const badKey = await t.app.inject({
      method: 'POST',
      url: '/api/server/v1/events',
      headers: {
        'content-type': 'application/json',
        'x-access-key': 'nope',
        ...signedHeaders(secret, payload),
      },
      payload,
    });
    expect(badKey.statusCode).toBe(401);
  });

  it('stores a signed batch marked as the server’s, idempotent on eventId, with per-event refusals', async () => {
    const first = order('ida');
    const sent = await sendServerEvents(t.app, key, [first, { ...order('ida'), name: 'not-defined' }]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(sent.body.data.rejected).toMatchObject([{ index: 1, reason: 'sdk.unknownEvent' }]);
    const again = await sendServerEvents(t.app, key, [first]);
    expect(again.body.data).toMatchObject({ accepted: 0, duplicates: 1, rejected: [] });
    const row = await t.app.ctx.db
      .selectFrom('sdk_events')
      .select(['via', 'user_id'])
      .where('project_id', '=', projectId)
      .where('event_id', '=', first.eventId as string)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ via: 'server', user_id: 'ida' });
  });

  it('moves a server-only task on server events only; SDK events are stored, ignored and counted', async () => {
    const id = await liveTasks([
      task('srv', 'order_paid'),
      task('app', 'order_paid', { progressSource: 'sdk' }),
    ]);
    expect(await doneOf(id, 'amy')).toEqual({ srv: 0, app: 0 }); // joined
    const fromApp = await sendEvents(t.app, key, [order('amy'), order('amy')]);
    expect(fromApp.body.data.accepted).toBe(2);
    // The SDK task took both; the server-only task none.
    expect(await doneOf(id, 'amy')).toEqual({ srv: 0, app: 2 });
    expect(await refusalsOf(id)).toEqual([{ rule: 'progressSource', count: 2 }]);
    const stored = await t.app.ctx.db
      .selectFrom('sdk_events')
      .select('via')
      .where('project_id', '=', projectId)
      .where('user_id', '=', 'amy')
      .execute();
    expect(stored).toEqual([{ via: 'sdk' }, { via: 'sdk' }]);

    const fromServer = await sendServerEvents(t.app, key, [order('amy')]);
    expect(fromServer.body.data.accepted).toBe(1);
    expect(await doneOf(id, 'amy')).toEqual({ srv: 1, app: 3 });
    expect(await refusalsOf(id)).toEqual([{ rule: 'progressSource', count: 2 }]);
  });

  it(`confirms an app event the server reports with the same content, once (${SERVERS_UNDER_TEST}); other content is refused`, async () => {
    const id = await liveTasks([task('srv', 'order_paid')]);
    expect(await doneOf(id, 'ben')).toEqual({ srv: 0 });
    const forwarded = order('ben', { data: { amount: 12, currency: 'EUR' } });
    const squatted = order('ben');
    await sendEvents(t.app, key, [forwarded, squatted]);
    expect(await doneOf(id, 'ben')).toEqual({ srv: 0 });

    // The server reports the forwarded event as it is (keys in another order) from two servers at once.
    const same = { ...forwarded, data: { currency: 'EUR', amount: 12 } };
    const payload = JSON.stringify({ events: [same] });
    const { servers, close } = await appServers(t);
    let answers;
    try {
      answers = await Promise.all(
        [0, 1].map((i) =>
          servers[i % servers.length].inject({
            method: 'POST',
            url: '/api/server/v1/events',
            headers: {
              'content-type': 'application/json',
              'x-access-key': key,
              ...signedHeaders(secret, payload),
            },
            payload,
          }),
        ),
      );
    } finally {
      await close();
    }
    const data = answers.map((a) => a.json().data as { accepted: number; duplicates: number });
    expect(data.map((d) => d.accepted).sort()).toEqual([0, 1]);
    expect(data.map((d) => d.duplicates).sort()).toEqual([0, 1]);
    expect(await doneOf(id, 'ben')).toEqual({ srv: 1 });

    // An app event took an id the server uses for something else: the server's event is refused.
    const other = await sendServerEvents(t.app, key, [{ ...squatted, userId: 'someone-else' }], {
      lang: 'en',
    });
    expect(other.body.data).toMatchObject({ accepted: 0, duplicates: 0 });
    expect(other.body.data.rejected).toMatchObject([
      { index: 0, eventId: squatted.eventId, reason: 'sdk.eventIdTaken' },
    ]);
    expect(other.body.data.rejected[0].message).toContain('new eventId');
    expect(await doneOf(id, 'ben')).toEqual({ srv: 1 });
  });

  it("holds for an operator the rewards an event earns a participant on the project's blocklist", async () => {
    const id = await liveTasks([task('paid', 'order_paid', { prizeId: 'coupon' })]);
    expect(await doneOf(id, 'ivy')).toEqual({ paid: 0 });
    expect(await doneOf(id, 'joe')).toEqual({ paid: 0 });
    const listed = await call(t.app, 'POST', '/api/risk/blocklist', {
      token: owner.token,
      projectId,
      body: { kind: 'user', values: ['ivy'] },
    });
    expect(listed.status).toBe(200);
    await sendServerEvents(t.app, key, [order('ivy'), order('joe')]);
    const rewards = await t.app.ctx.db
      .selectFrom('reward_records')
      .select(['user_id', 'award_status', 'held_by'])
      .where('campaign_id', '=', id)
      .orderBy('user_id')
      .execute();
    expect(rewards).toEqual([
      { user_id: 'ivy', award_status: 'pending', held_by: 'blocklist' },
      { user_id: 'joe', award_status: 'success', held_by: null },
    ]);
    const ivys = await t.app.ctx.db
      .selectFrom('reward_records')
      .select('id')
      .where('campaign_id', '=', id)
      .where('user_id', '=', 'ivy')
      .executeTakeFirstOrThrow();
    const released = await call(t.app, 'POST', `/api/campaigns/${id}/rewards/${ivys.id}/release`, {
      token: owner.token,
      projectId,
    });
    expect(released.status).toBe(200);
    const after = await t.app.ctx.db
      .selectFrom('reward_records')
      .select(['award_status', 'held_by'])
      .where('id', '=', ivys.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ award_status: 'success', held_by: null });
  });
});
