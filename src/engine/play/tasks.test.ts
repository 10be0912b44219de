import { describe, expect, it } from 'vitest';
import {
  completionsLeft,
  excludedTasks,
  progressBy,
  taskOpenAt,
  taskPeriods,
  taskRuleOf,
  taskRulesOf,
  taskStatus,
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
