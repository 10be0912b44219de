import type { TaskView } from '../../api/playTypes';
import type { T } from '../../i18n/texts';

/** A task as the player stands with it (`me.progress.tasks`). */
export interface TaskProgress {
  id: string;
  status: 'todo' | 'inProgress' | 'done' | 'closed' | 'notOpen' | 'ended';
  progress: number;
  count: number;
  done: { day: number; week: number; total: number };
  left: number | null;
}

/** Events the page itself reports; the others happen in the app. */
const PAGE_EVENTS = new Set(['share', 'visit', 'sign_in']);

export function readTasks(progress: Record<string, unknown>): TaskProgress[] {
  const raw = progress.tasks;
  return Array.isArray(raw) ? (raw as TaskProgress[]) : [];
}

/** A task the player can still do now shows its go button; the others say where they stand. */
export const actionable = (mine: TaskProgress) => mine.status === 'todo' || mine.status === 'inProgress';

/** Its go button leads somewhere: an address, or an event the page reports itself. */
export const canGo = (task: TaskView) => !!task.goButton?.url || PAGE_EVENTS.has(task.event);

/** The task's limits in words: per day, per week (with the day it refreshes), in total. */
export function limitText(task: TaskView, t: T): string {
  const parts: string[] = [];
  if (task.limits.daily > 0) parts.push(t('tasks.daily', { n: task.limits.daily }));
  if (task.limits.weekly > 0)
    parts.push(
      t('tasks.weekly', { n: task.limits.weekly, day: t(`tasks.weekday.${task.limits.refreshDay}`) }),
    );
  if (task.limits.total > 0) parts.push(t('tasks.total', { n: task.limits.total }));
  return parts.join(' · ');
}

/** What a task gives: its prize by name and its chances, joined with " + " by the list. */
export function taskRewards(task: TaskView, prizeName: (id: string) => string, t: T): string[] {
  return [
    task.prizeId ? prizeName(task.prizeId) : null,
    task.chances > 0 ? t('tasks.chances', { n: task.chances }) : null,
  ].filter((text): text is string => !!text);
}
