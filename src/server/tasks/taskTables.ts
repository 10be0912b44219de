import type { ListRowColumns } from '../db/campaignTables';

// The project's task center (m0015): one row per task, the entity/task config as JSON text plus
// the columns the list filters on and the key other tasks refer to.

export type TaskStatus = 'online' | 'offline';

export interface ProjectTasksTable extends ListRowColumns {
  /** The config's `id`: the task's key, unique per project (other tasks' `exclusiveWith` name it). */
  task_key: string;
  /** The completion event key. */
  event: string;
  status: TaskStatus;
}

declare module '../db/tables' {
  interface Database {
    project_tasks: ProjectTasksTable;
  }
}
