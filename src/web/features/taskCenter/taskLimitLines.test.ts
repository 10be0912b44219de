import { describe, expect, it } from 'vitest';
import { taskLimitLines } from './taskLimitLines';

// Echoes the key and its values, so the lines show what was asked for.
const t = (key: string, options: Record<string, unknown> = {}) =>
  [key.replace('taskCenter:', ''), ...Object.values(options)].join(' ');

describe('taskLimitLines', () => {
  it('shows 0 as unlimited and the weekly refresh day', () => {
    expect(taskLimitLines({ daily: 1, weekly: 5, weeklyRefreshDay: 1, total: 0 }, t)).toEqual([
      'limits.daily 1',
      'limits.weekly 5 limits.refresh weekday.1',
      'limits.total limits.unlimited',
    ]);
  });

  it('leaves the refresh day out when the weekly limit is unlimited or has no day', () => {
    expect(taskLimitLines({ daily: 0, weekly: 0, weeklyRefreshDay: 3, total: 9 }, t)).toEqual([
      'limits.daily limits.unlimited',
      'limits.weekly limits.unlimited',
      'limits.total 9',
    ]);
    expect(taskLimitLines({ daily: 2, weekly: 4, weeklyRefreshDay: null, total: 0 }, t)[1]).toBe(
      'limits.weekly 4',
    );
  });
});
