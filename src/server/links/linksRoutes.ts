import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError, errorMessage, fieldError } from '../errors';
import { randomId } from '../db/randomId';
import { isUniqueViolation } from '../db/isUniqueViolation';
import type { Database } from '../db/tables';
import type { ProjectAccess } from '../appContext';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { csvFileName } from '../http/csvFileName';
import { sendCsv } from '../http/sendCsv';
import { toCsv } from '../http/toCsv';
import { freeLinkId } from './linkIds';
import { linkViews, setLinkTags } from './linkViews';
import { safeHttpUrl } from './safeHttpUrl';
import { validateEntity } from './validateEntity';
import { dateRange } from './dateRange';
import { localIsoTime, normalizeTimeZone } from '../../engine/rules/timeZone';
import { containsText, PageQuery, pageWindow } from './listQuery';
import { eventCountsByLink } from './linkStats';
import type { LinkRow } from './linkTables';

const ENTITY = 'entity/link';
const REDIRECT_KEYS = ['default', 'ios', 'android', 'web'] as const;

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

const linkIdTaken = () =>
  new AppError('linkIdTaken', {
    errors: (lang) => [{ path: '/linkId', message: errorMessage('linkIdTaken', lang) }],
  });

interface ListFilters {
  q?: string;
  tag?: string;
  templateId?: string;
  startIso?: string;
  endIso?: string;
}

function filteredLinks(db: Kysely<Database>, projectId: string, filters: ListFilters) {
  let query = db.selectFrom('links').where('links.project_id', '=', projectId);
  const q = filters.q?.trim();
  if (q)
    query = query.where((eb) => eb.or([containsText('links.name', q), containsText('links.link_id', q)]));
  if (filters.templateId) query = query.where('links.template_id', '=', filters.templateId);
  const tag = filters.tag?.trim();
  if (tag) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('link_tags')
          .innerJoin('tags', 'tags.id', 'link_tags.tag_id')
          .select('link_tags.link_id')
          .whereRef('link_tags.link_id', '=', 'links.id')
          .where('tags.name', '=', tag),
      ),
    );
  }
  if (filters.startIso) query = query.where('links.created_at', '>=', filters.startIso);
  if (filters.endIso) query = query.where('links.created_at', '<', filters.endIso);
  return query;
}

/** Deep links: CRUD, a free id, CSV export. */
export const linksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['links'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function find(projectId: string, id: string): Promise<LinkRow> {
    const row = await db
      .selectFrom('links')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  async function viewOf(project: ProjectAccess, row: LinkRow) {
    return (await linkViews(db, [row], app.deepLinks.baseUrl(project.domainPrefix)))[0];
  }

  /** Checks what the engine cannot: http(s) targets, the template, the id; returns the id. */
  async function prepare(project: ProjectAccess, body: Record<string, unknown>, existing?: LinkRow) {
    validateEntity(app, ENTITY, body);
    const redirects = (body.redirects ?? {}) as Record<string, unknown>;
    const badTargets = REDIRECT_KEYS.filter(
      (k) => redirects[k] !== undefined && !safeHttpUrl(String(redirects[k])),
    );
    if (badTargets.length > 0) {
      throw fieldError((lang) =>
        badTargets.map((k) => ({ path: `/redirects/${k}`, message: validationMessage('redirectUrl', lang) })),
      );
    }
    const template = await db
      .selectFrom('link_templates')
      .select('id')
      .where('project_id', '=', project.id)
      .where('id', '=', String(body.templateId))
      .executeTakeFirst();
    if (!template) {
      throw fieldError((lang) => [{ path: '/templateId', message: errorMessage('templateNotFound', lang) }]);
    }
    const linkId =
      typeof body.linkId === 'string'
        ? body.linkId
        : (existing?.link_id ?? (await freeLinkId(db, project.id)));
    let clash = db
      .selectFrom('links')
      .select('id')
      .where('project_id', '=', project.id)
      .where('link_id', '=', linkId);
    if (existing) clash = clash.where('id', '!=', existing.id);
    if (await clash.executeTakeFirst()) throw linkIdTaken();
    return linkId;
  }

  function storedConfig(body: Record<string, unknown>, linkId: string): string {
    const { tags: _tags, ...rest } = body;
    return JSON.stringify({ ...rest, linkId });
  }

  function tagNames(body: Record<string, unknown>): string[] {
    return Array.isArray(body.tags) ? body.tags.filter((t): t is string => typeof t === 'string') : [];
  }

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
      const query = filteredLinks(db, project.id, {
        ...request.query,
        startIso: range?.startIso,
        endIso: range?.endIso,
      });
      const { limit, offset } = pageWindow(request.query);
      const [rows, total] = await Promise.all([
        query
          .selectAll('links')
          .orderBy('links.created_at', 'desc')
          .orderBy('links.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      const items = await linkViews(db, rows, app.deepLinks.baseUrl(project.domainPrefix));
      return ok({ items, total: Number(total.n) });
    },
  );

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
    async (request) => ok({ linkId: await freeLinkId(db, currentProject(request).id) }),
  );

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
      const rows = await filteredLinks(db, project.id, {
        ...request.query,
        startIso: range?.startIso,
        endIso: range?.endIso,
      })
        .selectAll('links')
        .orderBy('links.created_at', 'desc')
        .orderBy('links.id')
        .limit(100_000)
        .execute();
      // Chunks keep every IN list far below the databases' bind limits.
      const views = [];
      for (let i = 0; i < rows.length; i += 500) {
        views.push(
          ...(await linkViews(db, rows.slice(i, i + 500), app.deepLinks.baseUrl(project.domainPrefix))),
        );
      }
      const events = await eventCountsByLink(
        db,
        rows.map((r) => r.id),
      );
      const csv = toCsv(
        [
          'link_id',
          'name',
          'url',
          'template',
          'tags',
          'redirect_mode',
          'created_at',
          'clicks',
          'installs',
          'opens',
          'registrations',
        ],
        views.map((v) => {
          const e = events.get(v.id);
          return [
            v.linkId,
            v.name,
            v.url,
            v.templateName,
            v.tags.join(';'),
            v.redirectMode,
            localIsoTime(Date.parse(v.createdAt), zone),
            v.clicks,
            e?.install ?? 0,
            e?.open ?? 0,
            e?.register ?? 0,
          ];
        }),
      );
      return sendCsv(reply, csvFileName(start, end), csv);
    },
  );

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
      const linkId = await prepare(project, body);
      const time = app.ctx.now().toISOString();
      const row: LinkRow = {
        id: randomId(),
        project_id: project.id,
        link_id: linkId,
        name: String(body.name),
        template_id: String(body.templateId),
        redirect_mode: String(body.redirectMode),
        config: storedConfig(body, linkId),
        created_by: currentUser(request).id,
        created_at: time,
        updated_at: time,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('links').values(row).execute();
          await setLinkTags(trx, project.id, row.id, tagNames(body), time);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw linkIdTaken();
        throw error;
      }
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(await viewOf(project, row));
    },
  );

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
      return ok(await viewOf(project, await find(project.id, request.params.id)));
    },
  );

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
      const existing = await find(project.id, request.params.id);
      const body = request.body as Record<string, unknown>;
      const linkId = await prepare(project, body, existing);
      const time = app.ctx.now().toISOString();
      const row: LinkRow = {
        ...existing,
        link_id: linkId,
        name: String(body.name),
        template_id: String(body.templateId),
        redirect_mode: String(body.redirectMode),
        config: storedConfig(body, linkId),
        updated_at: time,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('links')
            .set({
              link_id: row.link_id,
              name: row.name,
              template_id: row.template_id,
              redirect_mode: row.redirect_mode,
              config: row.config,
              updated_at: row.updated_at,
            })
            .where('id', '=', existing.id)
            .execute();
          await setLinkTags(trx, project.id, row.id, tagNames(body), time);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw linkIdTaken();
        throw error;
      }
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(await viewOf(project, row));
    },
  );

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
      const existing = await find(project.id, request.params.id);
      await db.deleteFrom('links').where('id', '=', existing.id).execute();
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(null);
    },
  );
};
