import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, login, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession } from './helpers/play';
import { accessKey, sdkEvent, sendServerEvents } from './helpers/sdk';

// The activity report's sections of the daily sign-in and tasks: a daily sign-in's check-ins per day, streaks,
// make-ups and cycle days (`participation.checkIn`, CSV `checkIn`), and a task center's funnel per
// task with completions by source and outcome and per day (`participation.tasks`, CSV `tasks`).
// Check-ins over several days of GMT+08:00 for four players, SDK and page task completions, then
// the exact figures in the report and its CSV.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });

interface CheckInReport {
  cycleDays: number;
  checkIns: number;
  onTime: number;
  makeUps: number;
  participants: number;
  days: { date: string; checkIns: number; onTime: number; makeUps: number }[];
  streaks: { bucket: string; current: number; longest: number }[];
  cycle: { day: number; prizeId: string | null; checkIns: number }[];
}

interface TaskReport {
  joined: number;
  completions: number;
  tasks: Record<string, unknown>[];
  days: { date: string; completions: number; participants: number; rewarded: number }[];
}

interface Report {
  participation: { available: boolean; checkIn?: CheckInReport; tasks?: TaskReport };
}

describe('activity report: daily sign-in and task center', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'reports15@example.com');
    projectId = await createProject(t.app, owner, 'Reports 15', 'rep15');
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
  const dateOf = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

  /** A live campaign in GMT+08:00 from the next local midnight there; the clock at 10:00. */
  async function live(mark: string, config: Record<string, unknown>) {
    const now = t.clock.now().getTime();
    const midnight = Math.ceil((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    setClock(midnight + 10 * HOUR);
    // Days have passed in an earlier test: the console session has expired meanwhile.
    owner = await login(t.app, 'reports15@example.com');
    const created = await createCampaign(t.app, owner, projectId, {
      mark,
      config: { ...withTimes(config, new Date(midnight), 20), timezone: 'GMT+08:00' },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    return { id: created.id, midnight };
  }

  const task = (id: string, event: string, extra: Record<string, unknown> = {}) => ({
    id,
    title: text(`Task ${id}`),
    event,
    limits: { daily: 1, weekly: 0, total: 0 },
    goButton: { text: text('Go'), url: 'app://tasks' },
    status: 'online',
    period: { mode: 'permanent' },
    ...extra,
  });
  const appEvents = (userId: string, name: string, n = 1) =>
    sendServerEvents(
      t.app,
      key,
      Array.from({ length: n }, () =>
        sdkEvent({
          name,
          deviceId: `${userId}-phone`,
          userId,
          platform: 'android',
          time: t.clock.now().toISOString(),
        }),
      ),
    );

  const report = async (id: string) => {
    owner = await login(t.app, 'reports15@example.com');
    const answer = await call<Report>(t.app, 'GET', `/api/campaigns/${id}/report`, {
      token: owner.token,
      projectId,
      lang: 'en',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.participation;
  };
  const csv = async (id: string, section: string, lang: 'en' | 'zh-cn' = 'en') => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${id}/report/export?section=${section}`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId, 'x-lang': lang },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    // A byte order mark first, so spreadsheets read the file as UTF-8.
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    return answer.body.slice(1).split('\r\n');
  };

  it('reports check-ins per day, streaks, make-ups and cycle days, and exports them', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'daily-sign-in', 'seven-days');
    const { id, midnight } = await live('daily-sign-in', { ...base, allowMakeUp: true, makeUpShares: 0 });
    const checkIn = async (userId: string, body: Record<string, unknown> = {}) => {
      const s = await signedSession(t.app, id, userId, secret);
      const answer = await act(t.app, id, s.token, 'checkIn', { body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const d = (n: number) => dateOf(midnight + n * DAY);
    // Day 0..6: dan every day (a streak of 7); amy days 0-3; ben days 0-1, then on day 3 makes
    // up day 2 (no check-in of day 3); cat days 0-1, misses day 2, checks in day 3 (a new cycle).
    for (let day = 0; day < 7; day++) {
      setClock(midnight + day * DAY + 10 * HOUR);
      await checkIn('dan');
      if (day <= 3) await checkIn('amy');
      if (day <= 1) await checkIn('ben');
      if (day === 3) await checkIn('ben', { day: d(2) });
      if (day <= 1 || day === 3) await checkIn('cat');
    }

    const p = await report(id);
    expect(p.tasks).toBeUndefined();
    expect(p.checkIn).toEqual({
      cycleDays: 7,
      checkIns: 17,
      onTime: 16,
      makeUps: 1,
      participants: 4,
      days: [
        { date: d(0), checkIns: 4, onTime: 4, makeUps: 0 },
        { date: d(1), checkIns: 4, onTime: 4, makeUps: 0 },
        { date: d(2), checkIns: 3, onTime: 2, makeUps: 1 },
        { date: d(3), checkIns: 3, onTime: 3, makeUps: 0 },
        { date: d(4), checkIns: 1, onTime: 1, makeUps: 0 },
        { date: d(5), checkIns: 1, onTime: 1, makeUps: 0 },
        { date: d(6), checkIns: 1, onTime: 1, makeUps: 0 },
      ],
      // cat: last 1 (restarted), longest 2; ben: 3 (the make-up continued it); amy: 4; dan: 7.
      streaks: [
        { bucket: '1', current: 1, longest: 0 },
        { bucket: '2', current: 0, longest: 1 },
        { bucket: '3', current: 1, longest: 1 },
        { bucket: '4-6', current: 1, longest: 1 },
        { bucket: '7-13', current: 1, longest: 1 },
        { bucket: '14-29', current: 0, longest: 0 },
        { bucket: '30+', current: 0, longest: 0 },
      ],
      // cat's day 3 filled cycle day 1 of a new cycle.
      cycle: [
        { day: 1, prizeId: 'points10', checkIns: 5 },
        { day: 2, prizeId: 'points10', checkIns: 4 },
        { day: 3, prizeId: 'points10', checkIns: 3 },
        { day: 4, prizeId: 'points10', checkIns: 2 },
        { day: 5, prizeId: 'points10', checkIns: 1 },
        { day: 6, prizeId: 'points10', checkIns: 1 },
        { day: 7, prizeId: 'points50', checkIns: 1 },
      ],
    });

    const lines = await csv(id, 'checkIn');
    expect(lines.slice(0, 5)).toEqual([
      'Figure,Item,Count,Prize ID',
      'participants,,4,',
      'checkIns,,17,',
      'onTime,,16,',
      'makeUps,,1,',
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        `checkIns,${d(2)},3,`,
        `onTime,${d(2)},2,`,
        `makeUps,${d(2)},1,`,
        'currentStreak,4-6,1,',
        'longestStreak,2,1,',
        'longestStreak,1,0,',
        'cycleDay,1,5,points10',
        'cycleDay,7,1,points50',
      ]),
    );
    // A header, 4 totals, 3 per day, 7 buckets twice, 7 cycle days, a header and the last CRLF.
    expect(lines).toHaveLength(1 + 4 + 7 * 3 + 14 + 7 + 1);
    expect((await csv(id, 'checkIn', 'zh-cn'))[0]).toBe('指标,项,数量,奖品ID');
  });

  it('reports the task funnel, completions by source and outcome and per day, and exports it', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'task-center', 'classic');
    const { id, midnight } = await live('task-center', {
      ...base,
      tasks: [
        task('order', 'order_paid', { prizeId: 'coupon' }),
        task('levels', 'play_level', { count: 2, limits: { daily: 0, weekly: 0, total: 0 } }),
        task('share', 'share'),
      ],
      prizes: [{ id: 'coupon', name: text('Coupon'), deliveryType: 'system', isThank: false, stock: 2 }],
    });
    const join = async (userId: string) => {
      const s = await signedSession(t.app, id, userId, secret);
      expect((await playPage(t.app, id, s.token)).status).toBe(200);
      return s;
    };
    for (const userId of ['amy', 'ben', 'dan']) await join(userId);
    const cat = await join('cat');
    // Day 0: amy and ben complete the order (the two coupons), ben two levels (one completion),
    // amy and cat one level (progress only), cat shares from the page; dan only joined.
    await appEvents('amy', 'order_paid');
    await appEvents('ben', 'order_paid');
    await appEvents('ben', 'play_level', 2);
    await appEvents('amy', 'play_level');
    await appEvents('cat', 'play_level');
    expect((await act(t.app, id, cat.token, 'share', { body: { channel: 'wechat' } })).status).toBe(200);
    // Day 1: amy's second level completes; amy and ben order again (no coupon left; ben's second
    // order that day is over the daily limit).
    setClock(midnight + DAY + 10 * HOUR);
    await appEvents('amy', 'play_level');
    await appEvents('amy', 'order_paid');
    await appEvents('ben', 'order_paid', 2);

    const p = await report(id);
    expect(p.checkIn).toBeUndefined();
    expect(p.tasks).toEqual({
      joined: 4,
      completions: 7,
      tasks: [
        {
          id: 'order',
          title: 'Task order',
          event: 'order_paid',
          joined: 4,
          started: 2,
          completed: 2,
          completions: 4,
          bySource: { sdk: 0, server: 4, page: 0 },
          byOutcome: { rewarded: 2, outOfStock: 2, overBudget: 0, none: 0 },
          chances: 0,
        },
        {
          id: 'levels',
          title: 'Task levels',
          event: 'play_level',
          joined: 4,
          started: 3,
          completed: 2,
          completions: 2,
          bySource: { sdk: 0, server: 2, page: 0 },
          byOutcome: { rewarded: 0, outOfStock: 0, overBudget: 0, none: 2 },
          chances: 0,
        },
        {
          id: 'share',
          title: 'Task share',
          event: 'share',
          joined: 4,
          started: 1,
          completed: 1,
          completions: 1,
          bySource: { sdk: 0, server: 0, page: 1 },
          byOutcome: { rewarded: 0, outOfStock: 0, overBudget: 0, none: 1 },
          chances: 0,
        },
      ],
      // The campaign's days so far: day 0 and today (day 1).
      days: [
        { date: dateOf(midnight), completions: 4, participants: 3, rewarded: 2 },
        { date: dateOf(midnight + DAY), completions: 3, participants: 2, rewarded: 0 },
      ],
    });

    const lines = await csv(id, 'tasks');
    expect(lines).toEqual([
      'Task ID,Task,Event,Joined,Started,Completed,Completions,SDK events,Server events,Page actions,Rewarded,Out of stock,Over budget,No prize,Chances granted',
      'order,Task order,order_paid,4,2,2,4,0,4,0,2,2,0,0,0',
      'levels,Task levels,play_level,4,3,2,2,0,2,0,0,0,0,2,0',
      'share,Task share,share,4,1,1,1,0,0,1,0,0,0,1,0',
      '',
    ]);
    const zh = await csv(id, 'tasks', 'zh-cn');
    expect(zh[0]).toBe(
      '任务ID,任务,事件,参与人数,开始人数,完成人数,完成次数,SDK事件,服务端事件,页面行为,已发奖,无库存,超预算,无奖品,赠送机会',
    );
    expect(zh[1]).toBe('order,Task order（中）,order_paid,4,2,2,4,0,4,0,2,2,0,0,0');
  });

  it('counts a super task’s chances granted to the campaign it is bound to; its other tasks show zeros', async () => {
    const wheelBase = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    const superBase = await templateConfig(t.app, 'sub-activity', 'super-task', 'classic');
    const { id: wheelId, midnight } = await live('lucky-wheel', {
      ...wheelBase,
      chances: { initialCount: 0, dailyFree: 0 },
    });
    const created = await createCampaign(t.app, owner, projectId, {
      kind: 'sub-activity',
      mark: 'super-task',
      parentId: wheelId,
      config: {
        ...withTimes(superBase, new Date(midnight), 10),
        timezone: 'GMT+08:00',
        boundCampaignId: wheelId,
        tasks: [
          task('pay', 'order_paid', { enabled: true, chances: 3, limits: { daily: 1, total: 2 } }),
          task('other', 'play_level', { enabled: false, chances: 5 }),
        ],
        prizes: [{ id: 'coupon', name: text('Coupon'), deliveryType: 'system', isThank: false, stock: 5 }],
      },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    const s = await signedSession(t.app, created.id, 'fay', secret);
    expect((await playPage(t.app, created.id, s.token)).status).toBe(200);
    await appEvents('fay', 'order_paid');
    await appEvents('fay', 'play_level');
    setClock(midnight + DAY + 10 * HOUR);
    await appEvents('fay', 'order_paid');

    const p = await report(created.id);
    expect(p.tasks?.tasks).toEqual([
      {
        id: 'pay',
        title: 'Task pay',
        event: 'order_paid',
        joined: 1,
        started: 1,
        completed: 1,
        completions: 2,
        bySource: { sdk: 0, server: 2, page: 0 },
        byOutcome: { rewarded: 0, outOfStock: 0, overBudget: 0, none: 2 },
        chances: 6,
      },
      {
        id: 'other',
        title: 'Task other',
        event: 'play_level',
        joined: 1,
        started: 0,
        completed: 0,
        completions: 0,
        bySource: { sdk: 0, server: 0, page: 0 },
        byOutcome: { rewarded: 0, outOfStock: 0, overBudget: 0, none: 0 },
        chances: 0,
      },
    ]);
    expect((await csv(created.id, 'tasks'))[1]).toBe('pay,Task pay,order_paid,1,1,1,2,0,2,0,0,0,0,2,6');
  });
});
