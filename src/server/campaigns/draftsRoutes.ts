import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { AreaField, KindField, Mark } from './campaignSchemas';
import { deleteDraft, listDrafts, saveDraft } from './draftsService';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const DraftSchema = Type.Object({
  id: Type.String(),
  area: AreaField,
  kind: KindField,
  mark: Type.String(),
  templateMark: Nullable(Type.String()),
  campaignId: Nullable(Type.String({ description: 'The campaign being edited; null for a new one' })),
  step: Type.String(),
  config: Type.Unknown({ description: 'The wizard form data as it was left' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const DraftBody = Type.Object({
  area: AreaField,
  kind: KindField,
  mark: Mark,
  templateMark: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  campaignId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
  step: Type.String({ maxLength: 64 }),
  config: Type.Unknown(),
});

const DraftQuery = Type.Object({
  area: Type.Optional(AreaField),
  kind: Type.Optional(KindField),
  mark: Type.Optional(Type.String({ maxLength: 64 })),
  campaignId: Type.Optional(Type.String({ maxLength: 64, description: 'empty: drafts of new campaigns' })),
});

const tags = ['campaigns'];
const security = [{ bearer: [] }];

/** The caller's drafts in the request's project. */
const ownerOf = (request: FastifyRequest) => ({
  projectId: currentProject(request).id,
  userId: currentUser(request).id,
});

function listRoute(app: TypedApp) {
  app.get(
    '/api/drafts',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: "The caller's wizard drafts in this project, newest first",
        querystring: DraftQuery,
        response: { 200: Envelope(Type.Array(DraftSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await listDrafts(app.ctx.db, ownerOf(request), request.query)),
  );
}

function saveRoute(app: TypedApp) {
  app.put(
    '/api/drafts',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Save wizard progress (one draft per user, project, area, kind, mark and campaign)',
        body: DraftBody,
        response: { 200: Envelope(DraftSchema), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => ok(await saveDraft(app.ctx.db, ownerOf(request), request.body, app.ctx.now())),
  );
}

function deleteRoute(app: TypedApp) {
  app.delete(
    '/api/drafts/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: "Discard one of the caller's drafts",
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await deleteDraft(app.ctx.db, ownerOf(request), request.params.id);
      return ok(null);
    },
  );
}

/** Wizard drafts: unsaved progress per user and project, resumed from the create action (draftsService). */
export const draftsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  saveRoute(app);
  deleteRoute(app);
};
