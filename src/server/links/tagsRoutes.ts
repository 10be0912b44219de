import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams, RequiredText } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { currentProject, requireProject } from '../plugins/auth';
import { PageQuery } from './listQuery';
import { createTag, deleteTag, listTags, renameTag } from './tagService';

const TagSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  linkCount: Type.Integer(),
  createdAt: Type.String(),
});
const TagBody = Type.Object({
  name: RequiredText(30, 'Tag name: at most 30 characters, unique in the project'),
});

const tags = ['tags'];
const security = [{ bearer: [] }];

function listRoute(app: TypedApp) {
  app.get(
    '/api/tags',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Tags of the project, newest first',
        querystring: Type.Object({ ...PageQuery, q: Type.Optional(Type.String({ maxLength: 30 })) }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(TagSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listTags(app.ctx.db, currentProject(request).id, request.query)),
  );
}

function createRoute(app: TypedApp) {
  app.post(
    '/api/tags',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create a tag',
        body: TagBody,
        response: { 200: Envelope(TagSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      ok(await createTag(app.ctx.db, currentProject(request).id, request.body.name, app.ctx.now())),
  );
}

function renameRoute(app: TypedApp) {
  app.put(
    '/api/tags/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Rename a tag (its links follow)',
        params: IdParams,
        body: TagBody,
        response: { 200: Envelope(TagSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await renameTag(app.ctx.db, currentProject(request).id, request.params.id, request.body.name)),
  );
}

function deleteRoute(app: TypedApp) {
  app.delete(
    '/api/tags/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete a tag; it is removed from its links',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await deleteTag(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(null);
    },
  );
}

/** Link tags of a project (name at most 30 characters, not blank, unique in the project). */
export const tagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  createRoute(app);
  renameRoute(app);
  deleteRoute(app);
};
