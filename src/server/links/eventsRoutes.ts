import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { currentProject, requireProject } from '../plugins/auth';
import { PageQuery } from './listQuery';
import { validateEntity } from './validateEntity';
import {
  createEventDefinition,
  deleteEventDefinition,
  getEventDefinition,
  listEventDefinitions,
  replaceEventDefinition,
} from './eventDefinitions';

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

/** Event definitions (key <= 50 letters/digits/-/_, unique; name <= 30). */
export const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['events'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

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
    async (request) => ok(await listEventDefinitions(db, currentProject(request).id, request.query)),
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
      const config = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, config);
      return ok(await createEventDefinition(db, currentProject(request).id, config, app.ctx.now()));
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
    async (request) => ok(await getEventDefinition(db, currentProject(request).id, request.params.id)),
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
      const config = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, config);
      const projectId = currentProject(request).id;
      return ok(await replaceEventDefinition(db, projectId, request.params.id, config, app.ctx.now()));
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
      await deleteEventDefinition(db, currentProject(request).id, request.params.id);
      return ok(null);
    },
  );
};
