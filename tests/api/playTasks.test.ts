import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, login, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession } from './helpers/play';
import { accessKey, sdkEvent, sendServerEvents, signedHeaders } from './helpers/sdk';

// The task center through the SDK and the participant API: the app's events complete a task for
// the participant with that user id, once per event however often the batch is sent (also to two
// servers at once), within the task's daily and weekly limits counted in the campaign's zone
// (weeks from the refresh day); page actions (share, a visit task's go button, a signed-in visit)
// move tasks too; a completion gives the task's prize within stock; exclusive tasks close each
// other; a super task's chances go to the campaign it is bound to.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });

interface TaskProgress {
  id: string;
  status: string;
  progress: number;
  done: { day: number; week: number; total: number };
  left: number | null;
}

const task = (id: string, event: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: text(id),
  event,
  limits: { daily: 1, weekly: 0, total: 0 },
  goButton: { text: text('Go'), url: 'app://tasks' },
  status: 'online',
  period: { mode: 'permanent' },
  ...extra,
});

const prize = (id: string, stock: number) => ({
  id,
  name: text(id),
  deliveryType: 'system',
  isThank: false,
  stock,
});

describe('participant API: task center', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let key: string;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'tasks@example.com');
    projectId = await createProject(t.app, owner, 'Tasks', 'tasks');
    secret = await apiSecretOf(t.app, projectId);
    key = await accessKey(t.app, owner, projectId);
    for (const k of ['order_paid', 'play_level', 'ev_a', 'ev_b']) {
      const defined = await call(t.app, 'POST', '/api/events', {
        token: owner.token,
        projectId,
        body: { key: k, name: k },
      });
      expect(defined.status, JSON.stringify(defined.body)).toBe(200);
    }
    base = await templateConfig(t.app, 'gameplay', 'task-center', 'classic');
  });
  afterAll(async () => t.close());

  const setClock = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());

  /** A live task center in GMT+08:00 from the coming Monday 00:00 there; the clock at 10:00. */
  async function liveTasks(tasks: unknown[], prizes: unknown[] = [prize('coupon', 2)]) {
    const now = t.clock.now().getTime();
    let monday = Math.ceil((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    // 1970-01-01 was a Thursday: day number 4 (mod 7) is a Monday.
    while ((Math.round((monday + 8 * HOUR) / DAY) + 3) % 7 !== 0) monday += DAY;
    setClock(monday + 10 * HOUR);
    owner = await login(t.app, 'tasks@example.com');
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'task-center',
      config: { ...withTimes(base, new Date(monday), 28), timezone: 'GMT+08:00', tasks, prizes },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    return { id: created.id, monday };
  }

  const tasksOf = async (id: string, userId: string) => {
    const s = await signedSession(t.app, id, userId, secret);
    const page = await playPage<{ me: { progress: { tasks: TaskProgress[] } } }>(t.app, id, s.token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return Object.fromEntries(page.body.data.me.progress.tasks.map((p) => [p.id, p]));
  };
  const appEvent = (userId: string, name: string, extra: Record<string, unknown> = {}) =>
    sdkEvent({
      name,
      deviceId: `${userId}-phone`,
      userId,
      platform: 'android',
      time: t.clock.now().toISOString(),
      ...extra,
    });
  const completions = async (id: string) =>
    t.app.ctx.db
      .selectFrom('play_task_completions')
      .innerJoin('participants', 'participants.id', 'play_task_completions.participant_id')
      .select(['participants.user_id', 'task_id', 'outcome', 'day', 'week'])
      .where('campaign_id', '=', id)
      .orderBy('play_task_completions.created_at')
      .execute();

  it(`a server batch completes the task for the right participant once, even sent twice at once (${SERVERS_UNDER_TEST})`, async () => {
    const { id } = await liveTasks([task('order', 'order_paid', { prizeId: 'coupon' })]);
    await tasksOf(id, 'amy'); // joined
    await tasksOf(id, 'ben');
    const batch = [appEvent('amy', 'order_paid'), appEvent('zed', 'order_paid')];
    const payload = JSON.stringify({ events: batch });
    const { servers, close } = await appServers(t);
    try {
      const sent = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          servers[i % servers.length].inject({
            method: 'POST',
            url: '/api/server/v1/events',
            headers: {
              'content-type': 'application/json',
              'x-access-key': key,
              ...signedHeaders(secret, payload),
            },
            payload,
            remoteAddress: '203.0.113.10',
          }),
        ),
      );
      expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    } finally {
      await close();
    }
    expect((await sendServerEvents(t.app, key, batch)).body.data.duplicates).toBe(2);
    // Zed never opened the task center: their event moves nothing.
    expect(await completions(id)).toMatchObject([{ user_id: 'amy', task_id: 'order', outcome: 'rewarded' }]);
    const amy = await tasksOf(id, 'amy');
    expect(amy.order).toMatchObject({ status: 'done', done: { day: 1, total: 1 }, left: 0 });
    expect((await tasksOf(id, 'ben')).order).toMatchObject({ status: 'todo', done: { total: 0 } });
    const rewards = await t.app.ctx.db
      .selectFrom('reward_records')
      .select(['prize_id', 'user_id', 'method'])
      .where('campaign_id', '=', id)
      .execute();
    expect(rewards).toEqual([{ prize_id: 'coupon', user_id: 'amy', method: 'task' }]);
  });

  it('daily and weekly limits count in the campaign zone; the week starts on the refresh day', async () => {
    const { id, monday } = await liveTasks(
      [
        task('order', 'order_paid', {
          limits: { daily: 1, weekly: 2, weeklyRefreshDay: 1 },
          prizeId: 'coupon',
        }),
      ],
      [prize('coupon', 3)],
    );
    await tasksOf(id, 'cat');
    const orderAt = async (ms: number) => {
      setClock(ms);
      await sendServerEvents(t.app, key, [appEvent('cat', 'order_paid')]);
    };
    await orderAt(monday + 10 * HOUR); // Monday: 1
    await orderAt(monday + 11 * HOUR); // Monday again: daily limit
    await orderAt(monday + DAY + 10 * HOUR); // Tuesday: 2, weekly limit reached
    await orderAt(monday + 2 * DAY + 10 * HOUR); // Wednesday: weekly limit
    await orderAt(monday + 7 * DAY - 60_000); // Sunday 23:59 there: still the same week
    await orderAt(monday + 7 * DAY); // Monday 00:00 there: a new week (Sunday 16:00 UTC)
    const done = await completions(id);
    expect(done.map((c) => [c.day, c.outcome])).toEqual([
      [new Date(monday + 8 * HOUR).toISOString().slice(0, 10), 'rewarded'],
      [new Date(monday + DAY + 8 * HOUR).toISOString().slice(0, 10), 'rewarded'],
      [new Date(monday + 7 * DAY + 8 * HOUR).toISOString().slice(0, 10), 'rewarded'],
    ]);
    expect(new Set(done.map((c) => c.week)).size).toBe(2);
    // The prize's stock (3) is spent; the next completion is counted without a prize.
    await orderAt(monday + 8 * DAY + 10 * HOUR);
    expect((await completions(id)).at(-1)).toMatchObject({ outcome: 'outOfStock' });
  });

  it('page actions move tasks: a share, a visit task’s go button, a signed-in visit; counts of three', async () => {
    const { id } = await liveTasks([
      task('share', 'share'),
      task('visit', 'visit', { goButton: { text: text('Open'), url: 'https://example.com/shop' } }),
      task('signin', 'sign_in'),
      task('levels', 'play_level', { count: 3, limits: { daily: 0, weekly: 0, total: 2 } }),
    ]);
    const before = await tasksOf(id, 'dan'); // the signed-in visit
    expect(before.signin.status).toBe('done');
    const s = await signedSession(t.app, id, 'dan', secret);
    expect((await act(t.app, id, s.token, 'share', { body: { channel: 'wechat' } })).status).toBe(200);
    const go = await act<{ result: { completions: number } }>(t.app, id, s.token, 'go', {
      body: { taskId: 'visit' },
    });
    expect(go.status, JSON.stringify(go.body)).toBe(200);
    expect(go.body.data.result.completions).toBe(1);
    expect((await act(t.app, id, s.token, 'go', { body: { taskId: 'nope' }, lang: 'en' })).body.msg).toBe(
      'This task does not exist in this activity',
    );
    await sendServerEvents(
      t.app,
      key,
      Array.from({ length: 7 }, () => appEvent('dan', 'play_level')),
    );
    const after = await tasksOf(id, 'dan');
    expect(after.share.status).toBe('done');
    expect(after.visit.status).toBe('done');
    // Seven levels: two completions (the total limit), the rest dropped, not banked.
    expect(after.levels).toMatchObject({ status: 'done', progress: 0, done: { total: 2 } });
    // Tomorrow the daily ones open again.
    t.clock.advance(DAY);
    const tomorrow = await tasksOf(id, 'dan');
    expect(tomorrow.share.status).toBe('todo');
    expect(tomorrow.signin.status).toBe('done');
  });

  it('exclusive tasks close each other once one is done', async () => {
    const { id } = await liveTasks([task('a', 'ev_a', { exclusiveWith: ['b'] }), task('b', 'ev_b')]);
    await tasksOf(id, 'eve');
    await sendServerEvents(t.app, key, [appEvent('eve', 'ev_b')]);
    await sendServerEvents(t.app, key, [
      appEvent('eve', 'ev_a', { time: new Date(t.clock.now().getTime() + 1000).toISOString() }),
    ]);
    const tasks = await tasksOf(id, 'eve');
    expect(tasks.b.status).toBe('done');
    expect(tasks.a.status).toBe('closed');
    expect((await completions(id)).map((c) => c.task_id)).toEqual(['b']);
  });

  it('a super task gives its chances to the campaign it is bound to', async () => {
    const wheelBase = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    const { monday } = await liveTasks([task('x', 'order_paid')]);
    const wheel = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: {
        ...withTimes(wheelBase, new Date(monday), 10),
        chances: { initialCount: 0, dailyFree: 0 },
      },
    });
    expect((await campaignAction(t.app, owner, projectId, wheel.id, 'goOnline')).status).toBe(200);
    const superBase = await templateConfig(t.app, 'sub-activity', 'super-task', 'classic');
    const created = await createCampaign(t.app, owner, projectId, {
      kind: 'sub-activity',
      mark: 'super-task',
      parentId: wheel.id,
      config: {
        ...withTimes(superBase, new Date(monday), 10),
        boundCampaignId: wheel.id,
        tasks: [
          task('pay', 'order_paid', { enabled: true, chances: 3, limits: { total: 1 } }),
          task('other', 'ev_a', { enabled: false, chances: 5 }),
        ],
        prizes: [prize('coupon', 5)],
      },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    await tasksOf(created.id, 'fay');
    await sendServerEvents(t.app, key, [appEvent('fay', 'order_paid'), appEvent('fay', 'ev_a')]);
    await sendServerEvents(t.app, key, [appEvent('fay', 'order_paid')]);
    const s = await signedSession(t.app, wheel.id, 'fay', secret);
    const page = await playPage<{ me: { chances: { left: number } } }>(t.app, wheel.id, s.token);
    expect(page.body.data.me.chances.left).toBe(3);
  });

  it("the project's task center earns another campaign's chances when it embeds it", async () => {
    const wheelBase = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    const { monday } = await liveTasks([task('x', 'order_paid')]);
    for (const body of [
      task('buy', 'order_paid', { chances: 2, limits: { daily: 1 } }),
      task('look', 'visit', { chances: 1, goButton: { text: text('Look'), url: 'https://example.com/new' } }),
      task('hidden', 'ev_b', { chances: 5, status: 'offline' }),
    ]) {
      const made = await call(t.app, 'POST', '/api/tasks', { token: owner.token, projectId, body });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    const wheel = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: {
        ...withTimes(wheelBase, new Date(monday), 10),
        chances: { initialCount: 0, dailyFree: 0, taskCenter: true },
      },
    });
    expect((await campaignAction(t.app, owner, projectId, wheel.id, 'goOnline')).status).toBe(200);
    const s = await signedSession(t.app, wheel.id, 'gus', secret);
    const page = async () =>
      (
        await playPage<{
          me: {
            chances: { left: number };
            progress: { tasks: TaskProgress[]; taskViews: { id: string; title: string; chances: number }[] };
          };
        }>(t.app, wheel.id, s.token)
      ).body.data.me;
    const before = await page();
    expect(before.chances.left).toBe(0);
    expect(before.progress.taskViews.map((v) => [v.id, v.chances])).toEqual([
      ['center:buy', 2],
      ['center:look', 1],
    ]);
    await sendServerEvents(t.app, key, [appEvent('gus', 'order_paid'), appEvent('gus', 'ev_b')]);
    const go = await act(t.app, wheel.id, s.token, 'go', { body: { taskId: 'center:look' } });
    expect(go.status, JSON.stringify(go.body)).toBe(200);
    const after = await page();
    expect(after.chances.left).toBe(3);
    expect(after.progress.tasks.map((p) => [p.id, p.status])).toEqual([
      ['center:buy', 'done'],
      ['center:look', 'done'],
    ]);
    // The chances are spent by the wheel's own draws.
    expect((await act(t.app, wheel.id, s.token, 'draw')).status).toBe(200);
    expect((await page()).chances.left).toBe(2);
  });
});
