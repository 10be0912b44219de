/** A task's status: online tasks can be done by the app's users. */
export type TaskStatus = 'online' | 'offline';

export const taskStatuses: readonly TaskStatus[] = ['online', 'offline'];

/** Completion limits of a task; 0 means unlimited. */
export interface TaskLimits {
  daily: number;
  weekly: number;
  /** 1 = Monday ... 7 = Sunday; null when not set. */
  weeklyRefreshDay: number | null;
  total: number;
}

/** One row of `GET /api/tasks` (docs/task-center.md). */
export interface TaskRow {
  id: string;
  /** The config's `id`: the task's key, unique per project. */
  key: string;
  title: string;
  event: string;
  status: TaskStatus;
  limits: TaskLimits;
  period: { mode: 'permanent' | 'custom'; startTime: string | null; endTime: string | null };
  config: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}
