import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { AppError, errorMessage, type ErrorKey } from '../errors';
import type { Lang } from '../../engine/validation/lang';
import './taskTables';

type Config = Record<string, unknown>;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** 409 at `/id`: another task of the project has this key. */
export function taskKeyTaken(): AppError {
  return new AppError('task.keyTaken', {
    errors: (lang) => [{ path: '/id', message: errorMessage('task.keyTaken', lang) }],
  });
}

interface Problem {
  path: string;
  key: ErrorKey;
  params: Record<string, unknown>;
}

/**
 * What only the server can check in a task config (after the engine): its key is free in the
 * project (409 `task.keyTaken` at `/id`); `exclusiveWith` names other tasks of the project, never
 * the task itself; `userTypes` are identifiers of the project's user types (400, one error per
 * entry at `/exclusiveWith/{i}` and `/userTypes/{i}`). `exceptId` is the row being replaced.
 */
export async function assertTaskReferences(
  db: Kysely<Database>,
  projectId: string,
  config: Config,
  exceptId?: string,
): Promise<void> {
  const key = typeof config.id === 'string' ? config.id : '';
  let others = db.selectFrom('project_tasks').select('task_key').where('project_id', '=', projectId);
  if (exceptId) others = others.where('id', '!=', exceptId);
  const keys = new Set((await others.execute()).map((row) => row.task_key));
  if (keys.has(key)) throw taskKeyTaken();

  const problems: Problem[] = [];
  strings(config.exclusiveWith).forEach((other, i) => {
    const path = `/exclusiveWith/${i}`;
    if (other === key) problems.push({ path, key: 'task.exclusiveSelf', params: {} });
    else if (!keys.has(other)) problems.push({ path, key: 'task.exclusiveUnknown', params: { key: other } });
  });
  const userTypes = strings(config.userTypes);
  if (userTypes.length > 0) {
    const known = new Set(
      (
        await db
          .selectFrom('user_types')
          .select('identifier')
          .where('project_id', '=', projectId)
          .where('identifier', 'in', userTypes)
          .execute()
      ).map((row) => row.identifier),
    );
    userTypes.forEach((identifier, i) => {
      if (!known.has(identifier))
        problems.push({ path: `/userTypes/${i}`, key: 'task.userTypeUnknown', params: { identifier } });
    });
  }
  if (problems.length === 0) return;
  throw new AppError(problems[0].key, {
    params: problems[0].params,
    errors: (lang: Lang) =>
      problems.map((problem) => ({
        path: problem.path,
        message: errorMessage(problem.key, lang, problem.params),
      })),
  });
}
