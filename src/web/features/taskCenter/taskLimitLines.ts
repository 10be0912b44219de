import type { TaskLimits } from './taskTypes';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A task's limits as short lines for the list: daily, weekly (with its refresh day) and total,
 * each "Unlimited" at 0.
 */
export function taskLimitLines(limits: TaskLimits, t: Translate): string[] {
  const value = (n: number) => (n > 0 ? String(n) : t('taskCenter:limits.unlimited'));
  const weekly = t('taskCenter:limits.weekly', { value: value(limits.weekly) });
  return [
    t('taskCenter:limits.daily', { value: value(limits.daily) }),
    limits.weekly > 0 && limits.weeklyRefreshDay
      ? `${weekly} ${t('taskCenter:limits.refresh', { day: t(`taskCenter:weekday.${limits.weeklyRefreshDay}`) })}`
      : weekly,
    t('taskCenter:limits.total', { value: value(limits.total) }),
  ];
}
