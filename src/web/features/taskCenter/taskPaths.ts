import { projectPath } from '../../app/routeTable';

/** Route paths of the task center, as routeTable.ts spells them. */
export const taskCenterRoutes = {
  list: 'taskCenterManage/:projectId',
  config: 'taskCenterManage/:projectId/taskCenterConfig',
} as const;

/** The task editor: a new task, or the task with row id `id`. */
export function taskConfigPath(projectId: string, id?: string): string {
  const path = projectPath(taskCenterRoutes.config, projectId);
  return id ? `${path}?id=${encodeURIComponent(id)}` : path;
}
