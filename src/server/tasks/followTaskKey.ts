import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import './taskTables';

type Config = Record<string, unknown>;

/**
 * After a task's key changed (`config` its new config) or the task was deleted (`config` null):
 * the other tasks of the project that name the old key in `exclusiveWith` name the new one, or
 * no longer name it. Runs in the transaction of the write.
 */
export async function followTaskKey(
  db: Kysely<Database>,
  projectId: string,
  before: { id: string; task_key?: unknown },
  config: Config | null,
  now: string,
): Promise<void> {
  const oldKey = typeof before.task_key === 'string' ? before.task_key : '';
  const newKey = config && typeof config.id === 'string' ? config.id : null;
  if (!oldKey || oldKey === newKey) return;
  const rows = await db
    .selectFrom('project_tasks')
    .select(['id', 'config'])
    .where('project_id', '=', projectId)
    .where('id', '!=', before.id)
    .execute();
  for (const row of rows) {
    const other = JSON.parse(row.config) as Config;
    const list = Array.isArray(other.exclusiveWith) ? (other.exclusiveWith as unknown[]) : [];
    if (!list.includes(oldKey)) continue;
    const next = [...new Set(list.map((k) => (k === oldKey ? newKey : k)).filter((k) => k !== null))];
    if (next.length > 0) other.exclusiveWith = next;
    else delete other.exclusiveWith;
    await db
      .updateTable('project_tasks')
      .set({ config: JSON.stringify(other), updated_at: now })
      .where('id', '=', row.id)
      .execute();
  }
}
