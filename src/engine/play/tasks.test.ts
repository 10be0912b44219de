import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import {
  PAGE_EVENTS,
  completionsLeft,
  decideGo,
  eventMovesTask,
  excludedTasks,
  progressBy,
  taskOpenAt,
  taskPeriods,
  taskForLanguage,
  taskForUser,
  taskRuleOf,
  taskRulesOf,
  taskStatus,
  taskStep,
  type GoSituation,
} from './tasks';

const task = (extra: Record<string, unknown> = {}) =>
  taskRuleOf({
    id: 'order',
    event: 'order_paid',
    limits: { daily: 1, weekly: 3, weeklyRefreshDay: 1, total: 5 },
    status: 'online',
    period: { mode: 'permanent' },
    ...extra,
  });

describe('task rules of a config', () => {
  it('normalises a task: integers clamped, partial fields falling back, empty or non-text items dropped', () => {
    expect(
      taskRuleOf({
        id: 't',
        event: 'e',
        count: 2.5,
        limits: { daily: -3, weekly: 10_000, weeklyRefreshDay: 9, total: 1e9 },
        prizeId: '',
        chances: 150,
        status: 'offline',
        enabled: false,
        // A number is no time, even one Date.parse would read as a year.
        onlineTime: 2026,
        // Dates of a permanent period are not read.
        period: { mode: 'permanent', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-08T00:00:00Z' },
        userTypes: ['vip', '', 3],
        languages: 'en-US',
        exclusiveWith: ['a', null],
      }),
    ).toEqual({
      id: 't',
      event: 'e',
      count: 1,
      limits: { daily: 0, weekly: 9999, refreshDay: 7, total: 99_999_999 },
      prizeId: null,
      chances: 99,
      online: false,
      enabled: false,
      onlineFromMs: null,
      fromMs: null,
      toMs: null,
      userTypes: ['vip'],
      languages: [],
      exclusiveWith: ['a'],
      progressSource: 'server',
    });
    expect(
      taskRuleOf({
        id: 't',
        event: 'e',
        count: '3',
        prizeId: 'p1',
        onlineTime: 'soon',
        period: { mode: 'custom', startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-08T00:00:00Z' },
      }),
    ).toMatchObject({
      count: 1,
      prizeId: 'p1',
      onlineFromMs: null,
      fromMs: Date.parse('2026-12-01T00:00:00Z'),
      toMs: Date.parse('2026-12-08T00:00:00Z'),
    });
    expect(taskRuleOf({ id: 't', event: 'e', prizeId: 7 }).prizeId).toBeNull();
  });

  it('counts only tasks with an id and an event', () => {
    const config = { tasks: [null, 'x', { id: 'a' }, { event: 'x' }, { id: 'b', event: 'y' }] };
    expect(taskRulesOf(config).map((t) => t.id)).toEqual(['b']);
    expect(taskRulesOf({ tasks: { id: 'a', event: 'x' } })).toEqual([]);
  });
});

describe('task limits per period', () => {
  it('the tightest of daily, weekly and total limits binds; 0 is unlimited', () => {
    const t = task();
    expect(completionsLeft(t, { day: 0, week: 0, total: 0 })).toBe(1);
    expect(completionsLeft(t, { day: 1, week: 1, total: 1 })).toBe(0);
    expect(completionsLeft(t, { day: 0, week: 3, total: 3 })).toBe(0);
    expect(completionsLeft(t, { day: 0, week: 1, total: 5 })).toBe(0);
    const open = task({ limits: { daily: 0, weekly: 0, total: 0 } });
    expect(completionsLeft(open, { day: 50, week: 50, total: 500 })).toBe(Infinity);
  });

  it('counts a weekly limit from the refresh day in the campaign zone', () => {
    const t = task({ limits: { weekly: 2, weeklyRefreshDay: 1 } });
    const sunday = taskPeriods(t, Date.parse('2026-11-29T23:30:00+08:00'), 'GMT+08:00');
    const monday = taskPeriods(t, Date.parse('2026-11-30T00:00:00+08:00'), 'GMT+08:00');
    expect(sunday).toEqual({ day: '2026-11-29', week: '2026-11-23' });
    expect(monday).toEqual({ day: '2026-11-30', week: '2026-11-30' });
  });

  it('a task needing three events completes on every third, within what the limits leave', () => {
    const t = task({ count: 3 });
    expect(progressBy(t, 0, 2, 5)).toEqual({ completions: 0, progress: 2 });
    expect(progressBy(t, 2, 1, 5)).toEqual({ completions: 1, progress: 0 });
    expect(progressBy(t, 1, 7, 5)).toEqual({ completions: 2, progress: 2 });
    // At the limit, further events are dropped rather than banked for tomorrow.
    expect(progressBy(t, 2, 7, 1)).toEqual({ completions: 1, progress: 0 });
    expect(progressBy(t, 0, 4, 0)).toEqual({ completions: 0, progress: 0 });
    expect(progressBy(task(), 0, 4, Infinity)).toEqual({ completions: 4, progress: 0 });
  });
});

describe('task availability', () => {
  it('counts only while online, after its online time and within a custom period', () => {
    const t = task({
      onlineTime: '2026-12-01T10:00:00+08:00',
      period: {
        mode: 'custom',
        startTime: '2026-12-01T00:00:00+08:00',
        endTime: '2026-12-08T00:00:00+08:00',
      },
    });
    expect(taskOpenAt(t, Date.parse('2026-12-01T09:59:59+08:00'))).toBe(false);
    expect(taskOpenAt(t, Date.parse('2026-12-01T10:00:00+08:00'))).toBe(true);
    expect(taskOpenAt(t, Date.parse('2026-12-08T00:00:00+08:00'))).toBe(false);
    expect(taskOpenAt(task({ status: 'offline' }), Date.parse('2026-12-02T00:00:00Z'))).toBe(false);
    expect(taskStatus(t, Date.parse('2026-12-09T00:00:00Z'), { day: 0, week: 0, total: 0 }, 0, false)).toBe(
      'ended',
    );
  });

  it('a custom period opens at its start and ends at its end, and the status says which side', () => {
    const start = Date.parse('2026-12-01T00:00:00+08:00');
    const end = Date.parse('2026-12-08T00:00:00+08:00');
    const t = task({
      period: {
        mode: 'custom',
        startTime: '2026-12-01T00:00:00+08:00',
        endTime: '2026-12-08T00:00:00+08:00',
      },
    });
    expect([start - 1, start, end - 1, end].map((at) => taskOpenAt(t, at))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const none = { day: 0, week: 0, total: 0 };
    expect([start - 1, start, end - 1, end].map((at) => taskStatus(t, at, none, 0, false))).toEqual([
      'notOpen',
      'todo',
      'todo',
      'ended',
    ]);
    expect(taskStatus(task({ status: 'offline' }), start, none, 0, false)).toBe('notOpen');
  });

  it('a task naming user types or languages is only for those', () => {
    const at = Date.parse('2026-12-02T00:00:00Z');
    const vip = task({ userTypes: ['vip'], languages: ['en-US'] });
    expect(['vip', 'basic', null].map((userType) => taskForUser(vip, userType))).toEqual([
      true,
      false,
      false,
    ]);
    expect(taskForUser(task(), null)).toBe(true);
    expect(['en-US', 'zh-CN'].map((lang) => taskForLanguage(vip, lang))).toEqual([true, false]);
    expect(taskForLanguage(task(), 'zh-CN')).toBe(true);
    const event = { name: 'order_paid', atMs: at };
    expect(
      ['vip', 'basic'].map((userType) => eventMovesTask(vip, [vip], event, userType, new Set())),
    ).toEqual([true, false]);
    const offline = task({ status: 'offline' });
    expect(eventMovesTask(offline, [offline], event, null, new Set())).toBe(false);
  });

  it('exclusive tasks close each other once one is done, whichever side names the other', () => {
    const tasks = taskRulesOf({
      tasks: [
        { id: 'a', event: 'x', exclusiveWith: ['b'] },
        { id: 'b', event: 'y' },
        { id: 'c', event: 'z' },
      ],
    });
    expect([...excludedTasks(tasks, new Set(['a']))]).toEqual(['b']);
    expect([...excludedTasks(tasks, new Set(['b']))]).toEqual(['a']);
    expect(excludedTasks(tasks, new Set(['c'])).size).toBe(0);
    // A task naming itself is not closed by its own completion.
    const self = taskRulesOf({
      tasks: [
        { id: 'a', event: 'x', exclusiveWith: ['a', 'b'] },
        { id: 'b', event: 'y' },
      ],
    });
    expect([...excludedTasks(self, new Set(['a']))]).toEqual(['b']);
  });

  it('a super task counts only its enabled task', () => {
    const config = {
      tasks: [
        { id: 'a', event: 'x', enabled: false },
        { id: 'b', event: 'y', enabled: true },
      ],
    };
    expect(taskRulesOf(config, true).map((t) => t.id)).toEqual(['b']);
    expect(taskRulesOf(config).map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('shows the status the page needs', () => {
    const t = task();
    const at = Date.parse('2026-12-02T00:00:00Z');
    expect(taskStatus(t, at, { day: 0, week: 0, total: 0 }, 0, false)).toBe('todo');
    expect(taskStatus(task({ count: 2 }), at, { day: 0, week: 0, total: 0 }, 1, false)).toBe('inProgress');
    expect(taskStatus(t, at, { day: 1, week: 1, total: 1 }, 0, false)).toBe('done');
    expect(taskStatus(t, at, { day: 0, week: 0, total: 0 }, 0, true)).toBe('closed');
  });
});

describe("go (a task's go button)", () => {
  const at = Date.parse('2026-12-02T10:00:00+08:00');
  const visit = (extra: Record<string, unknown> = {}) =>
    taskRuleOf({ id: 'visit', event: 'visit', limits: { daily: 1, weekly: 0, total: 2 }, ...extra });
  const go = (extra: Partial<GoSituation> = {}): GoSituation => ({
    tasks: [visit(), taskRuleOf({ id: 'order', event: 'order_paid', limits: { daily: 1 } })],
    taskId: 'visit',
    atMs: at,
    userType: null,
    timezone: 'GMT+08:00',
    campaign: { fromMs: at - 86_400_000, toMs: at + 86_400_000 },
    visit: { tally: { progress: 0, counts: { day: 0, week: 0, total: 0 } }, completed: new Set() },
    ...extra,
  });

  it('a visit completes the visit task once within its limits, counted in the periods of now', () => {
    const decision = decideGo(go());
    expect(decision).toEqual({
      refusal: null,
      task: visit(),
      step: { periods: { day: '2026-12-02', week: '2026-11-30' }, before: 0, completions: 1, progress: 0 },
    });
    // Today's one is done: the tap moves nothing, and no progress is banked.
    const today = go({
      visit: { tally: { progress: 0, counts: { day: 1, week: 1, total: 1 } }, completed: new Set(['visit']) },
    });
    expect(decideGo(today)).toMatchObject({
      refusal: null,
      step: { completions: 0, progress: 0, before: 0 },
    });
  });

  it('a task needing two visits moves its progress first', () => {
    const twice = go({ tasks: [visit({ count: 2 })] });
    expect(decideGo(twice)).toMatchObject({ step: { before: 0, completions: 0, progress: 1 } });
    const second = go({
      tasks: [visit({ count: 2 })],
      visit: { tally: { progress: 1, counts: { day: 0, week: 0, total: 0 } }, completed: new Set() },
    });
    expect(decideGo(second)).toMatchObject({ step: { before: 1, completions: 1, progress: 0 } });
  });

  it('refuses a task that does not move here, then one closed now or not for this participant', () => {
    expect(decideGo(go({ taskId: 'nope' }))).toEqual({ refusal: 'unknown' });
    expect(decideGo(go({ taskId: undefined }))).toEqual({ refusal: 'unknown' });
    expect(decideGo(go({ tasks: [visit({ status: 'offline' })] }))).toEqual({ refusal: 'notOpen' });
    expect(decideGo(go({ tasks: [visit({ onlineTime: '2026-12-02T10:00:01+08:00' })] }))).toEqual({
      refusal: 'notOpen',
    });
    expect(decideGo(go({ tasks: [visit({ userTypes: ['vip'] })] }))).toEqual({ refusal: 'notOpen' });
    expect(decideGo(go({ tasks: [visit({ userTypes: ['vip'] })], userType: 'vip' }))).toMatchObject({
      refusal: null,
      step: { completions: 1 },
    });
  });

  it("another task's go, an exclusive task done or a tap outside the campaign moves nothing", () => {
    expect(decideGo(go({ taskId: 'order', visit: null }))).toMatchObject({ refusal: null, step: null });
    const exclusive = go({
      tasks: [visit({ exclusiveWith: ['order'] }), taskRuleOf({ id: 'order', event: 'order_paid' })],
      visit: { tally: { progress: 0, counts: { day: 0, week: 0, total: 0 } }, completed: new Set(['order']) },
    });
    expect(decideGo(exclusive)).toMatchObject({ refusal: null, step: null });
    expect(decideGo(go({ campaign: { fromMs: at + 1, toMs: at + 2 } }))).toMatchObject({ step: null });
    expect(decideGo(go({ campaign: { fromMs: at - 2, toMs: at } }))).toMatchObject({ step: null });
    // The campaign's first millisecond counts.
    expect(decideGo(go({ campaign: { fromMs: at, toMs: at + 1 } }))).toMatchObject({
      step: { completions: 1 },
    });
  });

  it('an event moves only its own task (the one a go button names) and never one closed', () => {
    const tasks = [visit(), visit({ id: 'visit2' })];
    const event = { name: PAGE_EVENTS.visit, atMs: at, taskId: 'visit2' };
    expect(tasks.map((t) => eventMovesTask(t, tasks, event, null, new Set()))).toEqual([false, true]);
    const any = { name: PAGE_EVENTS.visit, atMs: at };
    expect(tasks.map((t) => eventMovesTask(t, tasks, any, null, new Set()))).toEqual([true, true]);
    expect(eventMovesTask(visit(), tasks, { name: 'share', atMs: at }, null, new Set())).toBe(false);
  });

  it('seeded: a step never completes more than the limits leave and keeps less than a completion', () => {
    const rng = xoroshiro128plus(42);
    const int = (from: number, to: number) => uniformInt(rng, from, to);
    for (let i = 0; i < 2000; i++) {
      const task = taskRuleOf({
        id: 't',
        event: 'visit',
        count: int(1, 4),
        limits: { daily: int(0, 3), weekly: int(0, 5), total: int(0, 8) },
      });
      const counts = { day: int(0, 3), week: int(0, 5), total: int(0, 8) };
      const progress = int(0, task.count - 1);
      const step = taskStep(task, { progress, counts }, { day: 'd', week: 'w' });
      const left = completionsLeft(task, counts);
      expect(step.before).toBe(progress);
      expect(step.completions).toBeLessThanOrEqual(Math.min(1, left));
      expect(step.progress).toBeLessThan(task.count);
      // One event: either it completes the task (progress back to 0) or it adds one, unless the limits are reached.
      if (step.completions === 1) expect(step.progress).toBe(0);
      else if (left > 0) expect(step.progress).toBe(progress + 1);
      else expect(step.progress).toBe(0);
    }
  });
});
