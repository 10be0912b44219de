import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { fieldError } from '../errors';
import type { ProjectAccess } from '../appContext';
import type { TypedApp } from '../http/typedApp';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { csvFileName } from '../http/csvFileName';
import { sendCsv } from '../http/sendCsv';
import { freeLinkId } from './linkIds';
import { linkViews } from './linkViews';
import { validateEntity } from './validateEntity';
import { dateRange } from './dateRange';
import { normalizeTimeZone } from '../../engine/rules/timeZone';
import { PageQuery } from './listQuery';
import type { LinkRow } from './linkTables';
import { findLink, insertLink, linksCsv, listLinks, prepareLink, updateLink } from './linkService';

const ENTITY = 'entity/link';

const EntityBody = Type.Object(
  {},
  {
    additionalProperties: true,
    description: 'An entity/link config (GET /api/schemas/entity/link); linkId optional on create',
  },
);

export const LinkSchema = Type.Object({
  id: Type.String(),
  linkId: Type.String(),
  name: Type.String(),
  url: Type.String(),
  templateId: Type.String(),
  templateName: Type.String(),
  redirectMode: Type.String(),
  tags: Type.Array(Type.String()),
  config: Type.Unknown(),
  clicks: Type.Integer(),
  hasDestination: Type.Boolean({
    description:
      'Some visitor is sent somewhere (own addresses, template or redirect settings); false: every visit gets the "no destination yet" page',
  }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Filters = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  tag: Type.Optional(Type.String({ maxLength: 30 })),
  templateId: Type.Optional(Type.String({ maxLength: 64 })),
};

const tags = ['links'];
const security = [{ bearer: [] }];

const baseUrlOf = (app: TypedApp, project: ProjectAccess) => app.deepLinks.baseUrl(project.domainPrefix);

async function viewOf(app: TypedApp, project: ProjectAccess, row: LinkRow) {
  return (await linkViews(app.ctx.db, [row], baseUrlOf(app, project)))[0];
}

function listRoute(app: TypedApp) {
  app.get(
    '/api/links',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Links of the project, newest first, with filters',
        querystring: Type.Object({
          ...PageQuery,
          ...Filters,
          from: Type.Optional(Day),
          to: Type.Optional(Day),
          tz: Type.Optional(
            Type.String({
              maxLength: 64,
              description: "IANA time zone or GMT+08:00; default the project's time zone",
            }),
          ),
        }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(LinkSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const { from, to, tz } = request.query;
      const range =
        from || to
          ? dateRange({ from: from ?? to, to: to ?? from, tz }, app.ctx.now(), 100_000, project.timeZone)
          : undefined;
      const filters = { ...request.query, startIso: range?.startIso, endIso: range?.endIso };
      return ok(await listLinks(app.ctx.db, project.id, filters, request.query, baseUrlOf(app, project)));
    },
  );
}

function newIdRoute(app: TypedApp) {
  app.get(
    '/api/links/new-id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'A free 6-character link id (the form\'s "restore default")',
        response: { 200: Envelope(Type.Object({ linkId: Type.String() })), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok({ linkId: await freeLinkId(app.ctx.db, currentProject(request).id) }),
  );
}

function exportRoute(app: TypedApp) {
  app.get(
    '/api/links/export',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          "CSV of the links created in the range (days and created_at in tz, default the project's time zone; formula cells escaped)",
        querystring: Type.Object({
          ...Filters,
          start_time: Type.Optional(Day),
          end_time: Type.Optional(Day),
          tz: Type.Optional(
            Type.String({
              maxLength: 64,
              description: "IANA time zone or GMT+08:00; default the project's time zone",
            }),
          ),
        }),
        produces: ['text/csv'],
        response: { ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const { start_time: start, end_time: end, tz } = request.query;
      const range =
        start || end
          ? dateRange({ from: start ?? end, to: end ?? start, tz }, app.ctx.now(), 100_000, project.timeZone)
          : undefined;
      // Creation times are written in the zone the days were cut in (the project's by default).
      const zone = range?.tz ?? (tz?.trim() ? normalizeTimeZone(tz) : project.timeZone);
      if (!zone)
        throw fieldError((lang) => [
          { path: '/querystring/tz', message: validationMessage('timeZone', lang) },
        ]);
      const filters = { ...request.query, startIso: range?.startIso, endIso: range?.endIso };
      const csv = await linksCsv(app.ctx.db, project.id, filters, zone, baseUrlOf(app, project));
      return sendCsv(reply, csvFileName(start, end), csv);
    },
  );
}

function createRoute(app: TypedApp) {
  app.post(
    '/api/links',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create a link (a free link id is generated when none is given)',
        body: EntityBody,
        response: { 200: Envelope(LinkSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const body = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, body);
      const linkId = await prepareLink(app.ctx.db, project.id, body);
      const row = await insertLink(
        app.ctx.db,
        project.id,
        currentUser(request).id,
        body,
        linkId,
        app.ctx.now(),
      );
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(await viewOf(app, project, row));
    },
  );
}

function readRoute(app: TypedApp) {
  app.get(
    '/api/links/:id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'One link',
        params: IdParams,
        response: { 200: Envelope(LinkSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      return ok(await viewOf(app, project, await findLink(app.ctx.db, project.id, request.params.id)));
    },
  );
}

function updateRoute(app: TypedApp) {
  app.put(
    '/api/links/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Replace a link (its id may change if free)',
        params: IdParams,
        body: EntityBody,
        response: { 200: Envelope(LinkSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const existing = await findLink(app.ctx.db, project.id, request.params.id);
      const body = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, body);
      const linkId = await prepareLink(app.ctx.db, project.id, body, existing);
      const row = await updateLink(app.ctx.db, existing, body, linkId, app.ctx.now());
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(await viewOf(app, project, row));
    },
  );
}

function deleteRoute(app: TypedApp) {
  app.delete(
    '/api/links/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete a link with its clicks (it answers the 404 page from then on)',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const existing = await findLink(app.ctx.db, project.id, request.params.id);
      await app.ctx.db.deleteFrom('links').where('id', '=', existing.id).execute();
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(null);
    },
  );
}

/** Deep links: CRUD, a free id, CSV export. */
export const linksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  newIdRoute(app);
  exportRoute(app);
  createRoute(app);
  readRoute(app);
  updateRoute(app);
  deleteRoute(app);
};
