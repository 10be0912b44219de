import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../api/playTypes';
import { makeT } from '../../i18n/texts';
import { actionable, canGo, limitText, readTasks, taskRewards, type TaskProgress } from './taskProgress';

const t = makeT('en-US');
const task = (over: Partial<TaskView> = {}): TaskView => ({
  id: 'k1',
  title: 'Share the page',
  event: 'share',
  count: 1,
  limits: { daily: 0, weekly: 0, refreshDay: 1, total: 0 },
  prizeId: null,
  chances: 0,
  goButton: null,
  backgroundImage: null,
  from: null,
  to: null,
  onlineFrom: null,
  ...over,
});

describe('task progress', () => {
  it('reads the tasks of the progress, none when it has none', () => {
    expect(readTasks({})).toEqual([]);
    expect(readTasks({ tasks: 'x' })).toEqual([]);
    expect(readTasks({ tasks: [{ id: 'k1' }] })).toEqual([{ id: 'k1' }]);
  });

  it('shows the go button while a task can be done', () => {
    const mine = (status: TaskProgress['status']) => ({ status }) as TaskProgress;
    expect(['todo', 'inProgress'].every((s) => actionable(mine(s as TaskProgress['status'])))).toBe(true);
    expect(
      ['done', 'closed', 'notOpen', 'ended'].some((s) => actionable(mine(s as TaskProgress['status']))),
    ).toBe(false);
  });

  it('goes somewhere for an address or an event the page reports, not for one done in the app', () => {
    expect(canGo(task({ event: 'share' }))).toBe(true);
    expect(canGo(task({ event: 'visit' }))).toBe(true);
    expect(canGo(task({ event: 'sign_in' }))).toBe(true);
    expect(canGo(task({ event: 'purchase' }))).toBe(false);
    expect(canGo(task({ event: 'purchase', goButton: { text: 'Buy', url: 'app://shop' } }))).toBe(true);
    expect(canGo(task({ event: 'purchase', goButton: { text: 'Buy', url: null } }))).toBe(false);
  });
});

describe('task words', () => {
  it('says the limits per day, per week with its refresh day, and in total', () => {
    expect(limitText(task(), t)).toBe('');
    const limited = limitText(task({ limits: { daily: 2, weekly: 5, refreshDay: 1, total: 9 } }), t);
    expect(limited.split(' · ')).toEqual([
      t('tasks.daily', { n: 2 }),
      t('tasks.weekly', { n: 5, day: t('tasks.weekday.1') }),
      t('tasks.total', { n: 9 }),
    ]);
    expect(limited).toContain('2');
    expect(limited).not.toContain('tasks.');
  });

  it('lists the prize by name and the chances a task gives', () => {
    const name = (id: string) => (id === 'p1' ? 'Coupon' : id);
    expect(taskRewards(task(), name, t)).toEqual([]);
    expect(taskRewards(task({ prizeId: 'p1', chances: 2 }), name, t)).toEqual([
      'Coupon',
      t('tasks.chances', { n: 2 }),
    ]);
    expect(taskRewards(task({ prizeId: 'p1' }), () => '', t)).toEqual([]);
  });
});
