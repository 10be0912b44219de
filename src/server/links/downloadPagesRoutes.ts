import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams, RequiredText } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { currentProject, requireProject } from '../plugins/auth';
import { PageQuery } from './listQuery';
import { downloadPageHtml } from './downloadPageHtml';
import { notFoundPage } from '../redirect/linkPages';
import { visitorLang } from '../redirect/pageTexts';
import {
  createPage,
  findPage,
  listPages,
  pageConfig,
  pageView,
  publicPage,
  replacePage,
} from './downloadPageService';

const Address = Type.String({
  maxLength: 320,
  pattern: '^(https://|www\\.)\\S+$',
  errorMessage: { pattern: 'msg:redirectUrl' },
});
// http(s) or the console's own uploads; never protocol-relative (`//other.host`).
const ImageUrl = Type.String({
  maxLength: 1024,
  pattern: '^(https?://\\S+|/uploads/\\S+)$',
  errorMessage: { pattern: 'msg:imageUrl' },
});
const Platform = Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('pc')]);

const PageBody = Type.Object({
  name: RequiredText(30, 'Page name (console only)'),
  title: RequiredText(60, 'Page heading'),
  description: Type.Optional(Type.String({ maxLength: 300 })),
  logoUrl: Type.Optional(ImageUrl),
  backgroundUrl: Type.Optional(ImageUrl),
  themeColor: Type.Optional(
    Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', errorMessage: { pattern: 'msg:hexColor' } }),
  ),
  templateId: Type.Optional(
    Type.String({ maxLength: 64, description: 'Link template whose stores the buttons use' }),
  ),
  buttons: Type.Array(
    Type.Object({
      platform: Platform,
      label: Type.Optional(Type.String({ maxLength: 20 })),
      url: Type.Optional(Address),
    }),
    { minItems: 1, maxItems: 3 },
  ),
});

const PageSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  config: Type.Unknown(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const tags = ['download pages'];
const security = [{ bearer: [] }];

function listRoute(app: TypedApp) {
  app.get(
    '/api/download-pages',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Download landing pages of the project',
        querystring: Type.Object({ ...PageQuery, q: Type.Optional(Type.String({ maxLength: 30 })) }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(PageSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { rows, total } = await listPages(app.ctx.db, currentProject(request).id, request.query);
      return ok({ items: rows.map((row) => pageView(row, app.ctx.publicUrl)), total });
    },
  );
}

function createRoute(app: TypedApp) {
  app.post(
    '/api/download-pages',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create a download landing page',
        body: PageBody,
        response: { 200: Envelope(PageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const config = await pageConfig(app.ctx.db, project.id, request.body);
      const row = await createPage(app.ctx.db, project.id, config, app.ctx.now());
      return ok(pageView(row, app.ctx.publicUrl));
    },
  );
}

function readRoute(app: TypedApp) {
  app.get(
    '/api/download-pages/:id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'One download landing page',
        params: IdParams,
        response: { 200: Envelope(PageSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        pageView(
          await findPage(app.ctx.db, currentProject(request).id, request.params.id),
          app.ctx.publicUrl,
        ),
      ),
  );
}

function replaceRoute(app: TypedApp) {
  app.put(
    '/api/download-pages/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Replace a download landing page',
        params: IdParams,
        body: PageBody,
        response: { 200: Envelope(PageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const existing = await findPage(app.ctx.db, project.id, request.params.id);
      const config = await pageConfig(app.ctx.db, project.id, request.body);
      const row = await replacePage(app.ctx.db, existing, config, app.ctx.now());
      return ok(pageView(row, app.ctx.publicUrl));
    },
  );
}

function deleteRoute(app: TypedApp) {
  app.delete(
    '/api/download-pages/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete a download landing page',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const existing = await findPage(app.ctx.db, currentProject(request).id, request.params.id);
      await app.ctx.db.deleteFrom('download_pages').where('id', '=', existing.id).execute();
      return ok(null);
    },
  );
}

function publicPageRoute(app: TypedApp) {
  // The public page (no login): buttons lead to the page's own addresses, else the template's
  // stores, else the project's redirect settings; the visitor's platform comes first.
  app.get(
    '/d/:id',
    {
      schema: {
        tags,
        summary: 'Public download landing page (HTML)',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const lang = visitorLang(request.headers['accept-language']);
      const row = await app.ctx.db
        .selectFrom('download_pages')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) {
        const page = notFoundPage(lang);
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .header('content-security-policy', page.csp)
          .send(page.html);
      }
      const shown = await publicPage(app.ctx.db, row, request.headers['user-agent']);
      const page = downloadPageHtml(lang, shown.config, shown.buttons);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', page.csp)
        .send(page.html);
    },
  );
}

/** Download landing pages: console CRUD and the public page at /d/:id. */
export const downloadPagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  createRoute(app);
  readRoute(app);
  replaceRoute(app);
  deleteRoute(app);
  publicPageRoute(app);
};
