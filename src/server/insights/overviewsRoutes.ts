import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { OverviewBody, OverviewSchema } from './overviewSchemas';
import { createOverview, deleteOverview, listOverviews, saveOverview } from './overviews';

/** Overview dashboards: named sets of metric widgets with filters; exactly one default while any exist. */
export const overviewsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['analysis'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  app.get(
    '/api/overviews',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Overview dashboards, the default first',
        response: {
          200: Envelope(Type.Object({ items: Type.Array(OverviewSchema) })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok({ items: await listOverviews(db, currentProject(request).id) }),
  );

  app.post(
    '/api/overviews',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create a dashboard (the first one is the default)',
        body: OverviewBody,
        response: { 200: Envelope(OverviewSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(
        await createOverview(
          db,
          currentProject(request).id,
          currentUser(request).id,
          request.body,
          app.ctx.now(),
        ),
      ),
  );

  app.put(
    '/api/overviews/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary:
          'Save a dashboard; isDefault true makes it the default (isDefault false on the default is ignored: one stays default)',
        params: IdParams,
        body: OverviewBody,
        response: { 200: Envelope(OverviewSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(await saveOverview(db, currentProject(request).id, request.params.id, request.body, app.ctx.now())),
  );

  app.delete(
    '/api/overviews/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete a dashboard; deleting the default makes the oldest remaining one the default',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteOverview(db, currentProject(request).id, request.params.id);
      return ok(null);
    },
  );
};
