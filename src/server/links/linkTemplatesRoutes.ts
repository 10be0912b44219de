import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { PageQuery } from './listQuery';
import { validateEntity } from './validateEntity';
import { assertPublicCallbacks, callbackUrlsOf } from '../http/assertPublicCallbacks';
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  replaceTemplate,
  templateAnswer,
} from './linkTemplateService';

const ENTITY = 'entity/link-template';

const EntityBody = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'An entity/link-template config (GET /api/schemas/entity/link-template), checked by the engine',
  },
);

const LinkTemplateSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  config: Type.Unknown(),
  linkCount: Type.Integer(),
  hasDestination: Type.Boolean({
    description:
      'Links following it send some visitor somewhere (template or redirect settings); false: every visit gets the "no destination yet" page',
  }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const tags = ['link templates'];
const security = [{ bearer: [] }];

function listRoute(app: TypedApp) {
  app.get(
    '/api/link-templates',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Link templates of the project with their number of links',
        querystring: Type.Object({ ...PageQuery, q: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(LinkTemplateSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listTemplates(app.ctx.db, currentProject(request).id, request.query)),
  );
}

function createRoute(app: TypedApp) {
  app.post(
    '/api/link-templates',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create a link template',
        body: EntityBody,
        response: { 200: Envelope(LinkTemplateSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, body);
      await assertPublicCallbacks(app.ctx, callbackUrlsOf(body));
      const projectId = currentProject(request).id;
      return ok(await createTemplate(app.ctx.db, projectId, currentUser(request).id, body, app.ctx.now()));
    },
  );
}

function readRoute(app: TypedApp) {
  app.get(
    '/api/link-templates/:id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'One link template',
        params: IdParams,
        response: { 200: Envelope(LinkTemplateSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findTemplate(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(await templateAnswer(app.ctx.db, row));
    },
  );
}

function replaceRoute(app: TypedApp) {
  app.put(
    '/api/link-templates/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Replace a link template config (links using it follow at once)',
        params: IdParams,
        body: EntityBody,
        response: { 200: Envelope(LinkTemplateSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const existing = await findTemplate(app.ctx.db, project.id, request.params.id);
      const body = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, body);
      await assertPublicCallbacks(app.ctx, callbackUrlsOf(body));
      const updated = await replaceTemplate(app.ctx.db, existing, body, app.ctx.now());
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(await templateAnswer(app.ctx.db, updated));
    },
  );
}

function deleteRoute(app: TypedApp) {
  app.delete(
    '/api/link-templates/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete a link template that no link uses (409 templateInUse otherwise)',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      await deleteTemplate(app.ctx.db, await findTemplate(app.ctx.db, project.id, request.params.id));
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(null);
    },
  );
}

/** Link templates: platform redirect settings shared by links (entity/link-template). */
export const linkTemplatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  createRoute(app);
  readRoute(app);
  replaceRoute(app);
  deleteRoute(app);
};
