import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, login, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession, type PlayAnswer } from './helpers/play';
import { accessKey, sdkEvent, sendServerEvents } from './helpers/sdk';
import { addDays } from '../../src/engine/play/periods';
import { playDay } from '../../src/engine/play/playDay';
import { checkInRulesOf } from '../../src/engine/play/checkIn';
import { rebuildCheckInSummary, rulesKey } from '../../src/server/play/checkIn/checkInSummary';
import { rebuildTaskSummary } from '../../src/server/play/tasks/taskSummary';

// The per-participant summaries of the daily sign-in, the tasks and the dice board, after seeded
// random sequences of actions (refused ones, the same Idempotency-Key again, shares, go buttons,
// rolls), the app's events, days passing in the campaign's zone, a rules change and summaries
// missing (as for participants who acted before the summaries existed): each stored summary is
// the one rebuilt from the tables, and every action's `me.progress` is the page's.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'GMT+08:00';
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });
const prize = (id: string, stock: number) => ({
  id,
  name: text(id),
  deliveryType: 'system',
  isThank: false,
  stock,
});

type Progress = Record<string, unknown>;
type Answer = PlayAnswer<{ result?: unknown; me: { progress: Progress } }>;

describe('participant API: mechanics’ summaries', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'summaries@example.com');
    projectId = await createProject(t.app, owner, 'Summaries', 'summaries');
    secret = await apiSecretOf(t.app, projectId);
    key = await accessKey(t.app, owner, projectId);
    for (const k of ['order_paid', 'play_level']) {
      const defined = await call(t.app, 'POST', '/api/events', {
        token: owner.token,
        projectId,
        body: { key: k, name: k },
      });
      expect(defined.status, JSON.stringify(defined.body)).toBe(200);
    }
  });
  afterAll(async () => t.close());

  const setClock = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());
  const int = (rng: RandomGenerator, from: number, to: number) => uniformInt(rng, from, to);

  /** A live campaign from the next local midnight of the zone; the clock at 10:00 there. */
  async function live(mark: string, config: Record<string, unknown>) {
    const now = t.clock.now().getTime();
    const midnight = Math.ceil((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    setClock(midnight + 10 * HOUR);
    owner = await login(t.app, 'summaries@example.com');
    const full = { ...withTimes(config, new Date(midnight), 40), timezone: ZONE };
    const created = await createCampaign(t.app, owner, projectId, { mark, config: full });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    return { id: created.id, full };
  }

  const session = async (id: string, userId: string) =>
    (await signedSession(t.app, id, userId, secret)).token;

  /** The page's `me.progress` of a participant (a fresh session: one lasts a day). */
  async function pageProgress(id: string, userId: string) {
    const page = await playPage<{ me: { progress: Progress } }>(t.app, id, await session(id, userId));
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body.data.me.progress;
  }

  /** An action; when it ran (or repeated), its `me.progress` is the page's at the same instant. */
  async function acted(id: string, userId: string, action: string, body: unknown, idemKey?: string) {
    const answer: Answer = await act(t.app, id, await session(id, userId), action, { body, key: idemKey });
    expect([200, 409, 400, 429], JSON.stringify(answer.body)).toContain(answer.status);
    if (answer.status === 200) expect(answer.body.data.me.progress).toEqual(await pageProgress(id, userId));
    return answer;
  }

  const participantsOf = async (id: string) =>
    t.app.ctx.db
      .selectFrom('participants')
      .innerJoin('play_entries', 'play_entries.participant_id', 'participants.id')
      .select(['participants.id', 'participants.user_id'])
      .where('play_entries.campaign_id', '=', id)
      .execute();

  const owned = (id: string, participantId: string) => ({ campaignId: id, projectId, participantId });

  /** A participant's tasks counted here from the rows: progress, completions by day, week, in all. */
  async function talliesOf(id: string, participantId: string) {
    const tallies: Record<string, { progress: number; total: number; days: object; weeks: object }> = {};
    const of = (taskId: string) => (tallies[taskId] ??= { progress: 0, total: 0, days: {}, weeks: {} });
    const db = t.app.ctx.db;
    const mine = { campaign_id: id, participant_id: participantId };
    for (const r of await db
      .selectFrom('play_task_progress')
      .selectAll()
      .where((eb) => eb.and(mine))
      .execute())
      of(r.task_id).progress = r.progress;
    for (const key of ['day', 'week'] as const) {
      const rows = await db
        .selectFrom('play_task_completions')
        .select(['task_id', key, (eb) => eb.fn.countAll<number>().as('n')])
        .where((eb) => eb.and(mine))
        .groupBy(['task_id', key])
        .execute();
      for (const r of rows) {
        const tally = of(r.task_id);
        (tally[key === 'day' ? 'days' : 'weeks'] as Record<string, number>)[r[key]] = Number(r.n);
        if (key === 'day') tally.total += Number(r.n);
      }
    }
    return tallies;
  }

  /** Every stored task summary of the campaign is the one its tables give. */
  async function expectTaskSummaries(id: string) {
    let stored = 0;
    for (const p of await participantsOf(id)) {
      const row = await t.app.ctx.db
        .selectFrom('play_task_summaries')
        .select('summary')
        .where('campaign_id', '=', id)
        .where('participant_id', '=', p.id)
        .executeTakeFirst();
      if (!row) continue;
      stored += 1;
      const rebuilt = await rebuildTaskSummary(t.app.ctx.db, id, p.id);
      expect(JSON.parse(row.summary), p.user_id ?? '').toEqual(rebuilt.tasks);
      expect(rebuilt.tasks).toEqual(await talliesOf(id, p.id));
    }
    return stored;
  }

  /** A participant's stored summary is removed (as one kept before the summaries existed). */
  const forget = async (
    table: 'play_task_summaries' | 'play_checkin_summaries',
    id: string,
    userId: string,
  ) => {
    const p = (await participantsOf(id)).find((r) => r.user_id === userId);
    if (p)
      await t.app.ctx.db
        .deleteFrom(table)
        .where('campaign_id', '=', id)
        .where('participant_id', '=', p.id)
        .execute();
  };

  const appEvent = (userId: string, name: string, atMs: number) =>
    sdkEvent({
      name,
      deviceId: `${userId}-phone`,
      userId,
      platform: 'android',
      time: new Date(atMs).toISOString(),
    });

  it('daily sign-in: the kept state equals the replayed check-ins after a random run', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'daily-sign-in', 'seven-days');
    const upTo3 = (list: unknown, field: string) =>
      (Array.isArray(list) ? (list as Record<string, unknown>[]) : []).filter((r) => Number(r[field]) <= 3);
    const config = {
      ...base,
      dailyRewards: upTo3(base.dailyRewards, 'day'),
      consecutiveRewards: upTo3(base.consecutiveRewards, 'days'),
      cycleDays: 3,
      loop: true,
      allowMakeUp: true,
      makeUpLimit: 2,
      makeUpShares: 1,
    };
    const { id, full } = await live('daily-sign-in', config);
    let rules = checkInRulesOf({ ...config });
    const rng = xoroshiro128plus(20261128);
    const users = ['amy', 'ben', 'cat'];
    let last: {
      user: string;
      action: string;
      body: unknown;
      key: string;
      status: number;
      result: unknown;
    } | null = null;
    const statuses = new Map<string, number>();
    for (let step = 0; step < 70; step++) {
      const user = users[int(rng, 0, users.length - 1)];
      const today = playDay(t.clock.now().getTime(), ZONE);
      const op = int(rng, 0, 9);
      if (op <= 2 || op === 3) {
        const body = op === 3 ? { day: addDays(today, -int(rng, 1, 4)) } : {};
        const idemKey = `ci-${step}`;
        const answer = await acted(id, user, 'checkIn', body, idemKey);
        statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1);
        last = {
          user,
          action: 'checkIn',
          body,
          key: idemKey,
          status: answer.status,
          result: answer.body.data.result,
        };
      } else if (op === 4) {
        const answer = await acted(id, user, 'share', { channel: 'wechat' });
        expect(answer.status).toBe(200);
      } else if (op === 5 && last) {
        // The same Idempotency-Key again answers as the first time (a refusal is not kept: it runs again).
        const again = await acted(id, last.user, last.action, last.body, last.key);
        if (last.status === 200) expect([again.status, again.body.data.result]).toEqual([200, last.result]);
      } else if (op === 6 || op === 7) {
        t.clock.advance(int(rng, 2, 30) * HOUR);
      } else if (op === 8) {
        await forget('play_checkin_summaries', id, user);
      } else if (step === 35 || op === 9) {
        expect(await pageProgress(id, user)).toBeDefined();
      }
      if (step === 40) {
        // The console changes the reset rule mid-campaign: kept states are replayed again.
        const changed = { ...full, resetMode: 'restart-after-cycle' };
        const saved = await call(t.app, 'PUT', `/api/campaigns/${id}`, {
          token: (owner = await login(t.app, 'summaries@example.com')).token,
          projectId,
          body: { config: changed },
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        rules = checkInRulesOf(changed);
      }
    }
    // Every kind of answer happened: check-ins, refusals (already signed in, make-ups refused).
    expect(statuses.get('200')).toBeGreaterThan(5);
    expect(statuses.get('409')).toBeGreaterThan(2);
    let stored = 0;
    for (const p of await participantsOf(id)) {
      const row = await t.app.ctx.db
        .selectFrom('play_checkin_summaries')
        .select('summary')
        .where('campaign_id', '=', id)
        .where('participant_id', '=', p.id)
        .executeTakeFirst();
      // A page read of each stores the summary of a participant whose one was removed.
      await pageProgress(id, p.user_id ?? '');
      if (!row) continue;
      const kept = JSON.parse(row.summary) as { rules: string };
      if (kept.rules !== rulesKey(rules)) continue;
      stored += 1;
      const { kind: _kind, ...rebuilt } = await rebuildCheckInSummary(t.app.ctx.db, owned(id, p.id), rules);
      expect(kept, p.user_id ?? '').toEqual(rebuilt);
      // The cycle's days are the rows written in the kept state's cycle.
      const rows = await t.app.ctx.db
        .selectFrom('play_checkins')
        .select(['day', 'position', 'make_up', 'cycle'])
        .where('campaign_id', '=', id)
        .where('participant_id', '=', p.id)
        .orderBy('day')
        .execute();
      expect(rebuilt.days).toEqual(
        rows
          .filter((r) => r.cycle === rebuilt.state.cycle)
          .map((r) => ({ day: r.day, position: r.position, makeUp: r.make_up === 1 })),
      );
      expect(rebuilt.lastRowDay).toBe(rows.at(-1)?.day ?? null);
    }
    expect(stored).toBeGreaterThan(0);
  });

  it('tasks: the kept tallies equal the completions and progress after a random run', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'task-center', 'classic');
    const task = (taskId: string, event: string, extra: Record<string, unknown> = {}) => ({
      id: taskId,
      title: text(taskId),
      event,
      limits: { daily: 2, weekly: 5, total: 0, weeklyRefreshDay: 1 },
      goButton: { text: text('Go'), url: 'https://example.com/shop' },
      status: 'online',
      period: { mode: 'permanent' },
      ...extra,
    });
    const { id } = await live('task-center', {
      ...base,
      tasks: [
        task('order', 'order_paid', { prizeId: 'coupon' }),
        task('levels', 'play_level', { count: 3, limits: { daily: 0, weekly: 0, total: 4 } }),
        task('share', 'share', { exclusiveWith: ['visit'] }),
        task('visit', 'visit'),
        task('signin', 'sign_in'),
      ],
      prizes: [prize('coupon', 5)],
    });
    const rng = xoroshiro128plus(11281128);
    const users = ['dan', 'eve', 'fay'];
    let last: { user: string; body: unknown; key: string; status: number; result: unknown } | null = null;
    for (let step = 0; step < 70; step++) {
      const user = users[int(rng, 0, users.length - 1)];
      const op = int(rng, 0, 9);
      if (op <= 1) {
        const body = { taskId: ['visit', 'order', 'nope'][int(rng, 0, 2)] };
        const idemKey = `go-${step}`;
        const answer = await acted(id, user, 'go', body, idemKey);
        last = { user, body, key: idemKey, status: answer.status, result: answer.body.data.result };
      } else if (op === 2) {
        expect((await acted(id, user, 'share', { channel: 'wechat' })).status).toBe(200);
      } else if (op === 3 && last) {
        const again = await acted(id, last.user, 'go', last.body, last.key);
        if (last.status === 200) expect([again.status, again.body.data.result]).toEqual([200, last.result]);
      } else if (op === 4 || op === 5) {
        // The app's events, some back in time (an earlier local day), one sent twice.
        const now = t.clock.now().getTime();
        const events = Array.from({ length: int(rng, 1, 3) }, (_, i) => ({
          ...appEvent(user, ['order_paid', 'play_level'][int(rng, 0, 1)], now - int(rng, 0, 30) * HOUR),
          eventId: `ev-${step}-${i}`,
        }));
        const sent = await sendServerEvents(t.app, key, events);
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
        if (op === 5) await sendServerEvents(t.app, key, events);
      } else if (op === 6) {
        t.clock.advance(int(rng, 3, 40) * HOUR);
      } else if (op === 7) {
        await forget('play_task_summaries', id, user);
      } else {
        await pageProgress(id, user);
      }
      if (step % 10 === 9) await expectTaskSummaries(id);
    }
    for (const user of users) await pageProgress(id, user);
    const completions = (
      await t.app.ctx.db
        .selectFrom('play_task_completions')
        .select('id')
        .where('campaign_id', '=', id)
        .execute()
    ).length;
    expect(completions).toBeGreaterThan(5);
    expect(await expectTaskSummaries(id)).toBe(users.length);
  });

  it('dice: rolls, the board’s tasks and the answers’ places equal the page’s', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'dice', 'classic');
    const { id } = await live('dice', {
      ...base,
      boardSize: 8,
      initialDice: 4,
      tasks: [{ id: 'order', title: text('Order'), event: 'order_paid', dice: 2, dailyLimit: 2 }],
      cells: Array.from({ length: 7 }, (_, i) => ({ index: i + 1, prizeId: i % 2 ? 'coins' : null })).filter(
        (c) => c.prizeId,
      ),
      prizes: [prize('coins', 6)],
    });
    const rng = xoroshiro128plus(6);
    const users = ['gus', 'hal'];
    let last: { user: string; key: string; status: number; result: unknown } | null = null;
    const seen = new Set<number>();
    for (let step = 0; step < 50; step++) {
      const user = users[int(rng, 0, users.length - 1)];
      const op = int(rng, 0, 7);
      if (op <= 3) {
        const idemKey = `roll-${step}`;
        const answer = await acted(id, user, 'roll', {}, idemKey);
        seen.add(answer.status);
        last = { user, key: idemKey, status: answer.status, result: answer.body.data.result };
      } else if (op === 4 && last) {
        const again = await acted(id, last.user, 'roll', {}, last.key);
        if (last.status === 200) expect([again.status, again.body.data.result]).toEqual([200, last.result]);
      } else if (op === 5) {
        const now = t.clock.now().getTime();
        const sent = await sendServerEvents(t.app, key, [
          { ...appEvent(user, 'order_paid', now), eventId: `dice-${step}` },
        ]);
        expect(sent.status).toBe(200);
      } else if (op === 6) {
        t.clock.advance(int(rng, 5, 30) * HOUR);
      } else {
        await forget('play_task_summaries', id, user);
      }
    }
    // Rolls until the dice run out: refused, and the refusal changes nothing.
    for (let i = 0; i < 30 && !seen.has(409); i++) seen.add((await acted(id, 'gus', 'roll', {})).status);
    expect([...seen].sort()).toEqual([200, 409]);
    for (const user of users) await pageProgress(id, user);
    expect(await expectTaskSummaries(id)).toBe(users.length);
  });
});
