import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { AppError } from '../errors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { entityListRoutes } from '../lists/entityListRoutes';
import { currentProject, requireProject } from '../plugins/auth';
import { assertTaskReferences, taskKeyTaken } from './taskChecks';
import { followTaskKey } from './followTaskKey';
import { taskColumns, TaskSummaryFields, taskSummary, taskTitle } from './taskSummary';
import type { TaskStatus } from './taskTables';

const Status = Type.Enum(['online', 'offline']);

const TaskRow = Type.Object({
  id: Type.String(),
  ...TaskSummaryFields,
  config: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/**
 * The project's task center (taskCenterManage): tasks are entity/task configs in
 * `project_tasks`, listed, created, replaced and deleted like the supporting lists (`?status=`
 * filters the list), put online or taken offline at once by `POST /api/tasks/:id/status`.
 */
export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(
    entityListRoutes({
      path: '/api/tasks',
      table: 'project_tasks',
      entity: 'task',
      tag: 'tasks',
      nameOf: taskTitle,
      columns: taskColumns,
      summaryFields: TaskSummaryFields,
      summary: (row, config) => taskSummary(row, config),
      filters: { status: { column: 'status', schema: Status } },
      check: (instance, project, config, exceptId) =>
        assertTaskReferences(instance.ctx.db, project.id, config, exceptId),
      onUniqueViolation: (error) => (isUniqueViolation(error) ? taskKeyTaken() : undefined),
      afterWrite: (db, project, before, config) =>
        followTaskKey(db, project.id, before, config, app.ctx.now().toISOString()),
    }),
  );

  app.post(
    '/api/tasks/:id/status',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags: ['tasks'],
        security: [{ bearer: [] }],
        summary: 'Put a task online or take it offline, at once (the same status again changes nothing)',
        params: IdParams,
        body: Type.Object({ status: Status }),
        response: { 200: Envelope(TaskRow), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const status: TaskStatus = request.body.status;
      const row = await app.ctx.db
        .selectFrom('project_tasks')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('project_id', '=', currentProject(request).id)
        .executeTakeFirst();
      if (!row) throw new AppError('notFound');
      const config = JSON.parse(row.config) as Record<string, unknown>;
      let current = row;
      if (row.status !== status) {
        // The config holds the status too (the form edits it): both change together.
        const changes = {
          status,
          config: JSON.stringify({ ...config, status }),
          updated_at: app.ctx.now().toISOString(),
        };
        await app.ctx.db.updateTable('project_tasks').set(changes).where('id', '=', row.id).execute();
        current = { ...row, ...changes };
      }
      const saved = JSON.parse(current.config) as Record<string, unknown>;
      return ok({
        id: current.id,
        ...taskSummary(current, saved),
        config: saved,
        createdAt: current.created_at,
        updatedAt: current.updated_at,
      });
    },
  );
};
