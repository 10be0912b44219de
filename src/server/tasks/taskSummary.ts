import { Type } from 'typebox';
import { textInLanguage } from '../lists/textInLanguage';
import type { TaskStatus } from './taskTables';

type Config = Record<string, unknown>;

const isObject = (value: unknown): value is Config =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The list columns of a task answer (docs/task-center.md), besides id, config and times. */
export const TaskSummaryFields = {
  key: Type.String({ description: "The config's `id`: the task's key, unique per project" }),
  title: Type.String({ description: "In the task's first language, else zh-CN" }),
  event: Type.String(),
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  limits: Type.Object(
    {
      daily: Type.Integer(),
      weekly: Type.Integer(),
      weeklyRefreshDay: Type.Union([Type.Integer({ minimum: 1, maximum: 7 }), Type.Null()]),
      total: Type.Integer(),
    },
    { description: '0 = unlimited (an unset limit too); weeklyRefreshDay 1 = Monday, null when unset' },
  ),
  period: Type.Object({
    mode: Type.Union([Type.Literal('permanent'), Type.Literal('custom')]),
    startTime: Type.Union([Type.String(), Type.Null()]),
    endTime: Type.Union([Type.String(), Type.Null()]),
  }),
};

/** The title shown in lists: the task's first language, else zh-CN, else any. */
export function taskTitle(config: Config): string {
  const languages = Array.isArray(config.languages) ? config.languages : [];
  const first = typeof languages[0] === 'string' ? languages[0] : 'zh-CN';
  return textInLanguage(config.title, first, 'zh-CN');
}

/** The columns stored beside a task's config. */
export function taskColumns(config: Config): { task_key: string; event: string; status: TaskStatus } {
  return {
    task_key: text(config.id),
    event: text(config.event),
    status: config.status === 'online' ? 'online' : 'offline',
  };
}

/** A task's row summary for the list: key, title, event, status, limits and period. */
export function taskSummary(
  row: { name: string; task_key?: unknown; event?: unknown; status?: unknown },
  config: Config,
) {
  const limits = isObject(config.limits) ? config.limits : {};
  const period = isObject(config.period) ? config.period : {};
  const refreshDay = count(limits.weeklyRefreshDay);
  const custom = period.mode === 'custom';
  return {
    key: text(row.task_key),
    title: row.name,
    event: text(row.event),
    status: (row.status === 'online' ? 'online' : 'offline') as TaskStatus,
    limits: {
      daily: count(limits.daily),
      weekly: count(limits.weekly),
      weeklyRefreshDay: refreshDay >= 1 && refreshDay <= 7 ? refreshDay : null,
      total: count(limits.total),
    },
    period: {
      mode: custom ? ('custom' as const) : ('permanent' as const),
      startTime: custom ? text(period.startTime) || null : null,
      endTime: custom ? text(period.endTime) || null : null,
    },
  };
}
