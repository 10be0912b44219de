import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError, errorMessage } from '../errors';
import { randomId } from '../db/randomId';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { currentProject, requireProject } from '../plugins/auth';
import { containsText, PageQuery, newestPage } from './listQuery';
import { validateEntity } from './validateEntity';
import type { EventsTable } from './linkTables';

const ENTITY = 'entity/event';

const EntityBody = Type.Object(
  {},
  { additionalProperties: true, description: 'An entity/event config (GET /api/schemas/entity/event)' },
);
const EventSchema = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String(),
  config: Type.Unknown(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const keyTaken = () =>
  new AppError('eventKeyTaken', {
    errors: (lang) => [{ path: '/key', message: errorMessage('eventKeyTaken', lang) }],
  });

function view(row: EventsTable) {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    config: JSON.parse(row.config) as unknown,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Event definitions (SPEC: key <= 50 letters/digits/-/_, unique; name <= 30). */
export const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['events'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function find(projectId: string, id: string) {
    const row = await db
      .selectFrom('events')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  async function assertFree(projectId: string, key: string, exceptId?: string) {
    let query = db
      .selectFrom('events')
      .select('id')
      .where('project_id', '=', projectId)
      .where('key', '=', key);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw keyTaken();
  }

  app.get(
    '/api/events',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Event definitions of the project, newest first',
        querystring: Type.Object({ ...PageQuery, q: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(EventSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      let query = db.selectFrom('events').where('project_id', '=', project.id);
      const q = request.query.q?.trim();
      if (q) query = query.where((eb) => eb.or([containsText('key', q), containsText('name', q)]));
      const { rows, total } = await newestPage(query, request.query);
      return ok({ items: rows.map(view), total });
    },
  );

  app.post(
    '/api/events',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create an event definition',
        body: EntityBody,
        response: { 200: Envelope(EventSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const body = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, body);
      const key = String(body.key);
      await assertFree(project.id, key);
      const time = app.ctx.now().toISOString();
      const row = {
        id: randomId(),
        project_id: project.id,
        key,
        name: String(body.name),
        config: JSON.stringify(body),
        created_at: time,
        updated_at: time,
      };
      try {
        await db.insertInto('events').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw keyTaken();
        throw error;
      }
      return ok(view(row));
    },
  );

  app.get(
    '/api/events/:id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'One event definition',
        params: IdParams,
        response: { 200: Envelope(EventSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(view(await find(currentProject(request).id, request.params.id))),
  );

  app.put(
    '/api/events/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Replace an event definition',
        params: IdParams,
        body: EntityBody,
        response: { 200: Envelope(EventSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const existing = await find(project.id, request.params.id);
      const body = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, body);
      const key = String(body.key);
      await assertFree(project.id, key, existing.id);
      const row = {
        ...existing,
        key,
        name: String(body.name),
        config: JSON.stringify(body),
        updated_at: app.ctx.now().toISOString(),
      };
      try {
        await db
          .updateTable('events')
          .set({ key: row.key, name: row.name, config: row.config, updated_at: row.updated_at })
          .where('id', '=', existing.id)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw keyTaken();
        throw error;
      }
      return ok(view(row));
    },
  );

  app.delete(
    '/api/events/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete an event definition',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const existing = await find(project.id, request.params.id);
      await db.deleteFrom('events').where('id', '=', existing.id).execute();
      return ok(null);
    },
  );
};
