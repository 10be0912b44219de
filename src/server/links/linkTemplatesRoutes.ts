import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError } from '../errors';
import { randomId } from '../db/randomId';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { containsText, PageQuery, newestPage } from './listQuery';
import { validateEntity } from './validateEntity';
import { assertPublicCallbacks, callbackUrlsOf } from '../http/assertPublicCallbacks';
import type { LinkTemplateRow } from './linkTables';
import { templateHasDestination, type FallbackAddresses } from '../../engine/rules/linkDestinations';
import { redirectFallbacks } from '../redirect/loadResolvedLink';

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

function view(row: LinkTemplateRow, linkCount: number, fallbacks: FallbackAddresses) {
  const config = JSON.parse(row.config) as unknown;
  return {
    id: row.id,
    name: row.name,
    config,
    linkCount,
    hasDestination: templateHasDestination(config, fallbacks),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Link templates: platform redirect settings shared by links (entity/link-template). */
export const linkTemplatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['link templates'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function linkCounts(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('links')
      .select(['template_id', (eb) => eb.fn.countAll().as('n')])
      .where('template_id', 'in', ids)
      .groupBy('template_id')
      .execute();
    return new Map(rows.map((r) => [r.template_id, Number(r.n)]));
  }

  async function find(projectId: string, id: string): Promise<LinkTemplateRow> {
    const row = await db
      .selectFrom('link_templates')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  function nameOf(body: Record<string, unknown>): string {
    return typeof body.name === 'string' ? body.name.trim() : '';
  }

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
    async (request) => {
      const project = currentProject(request);
      let query = db.selectFrom('link_templates').where('project_id', '=', project.id);
      if (request.query.q?.trim()) query = query.where(containsText('name', request.query.q));
      const { rows, total } = await newestPage(query, request.query);
      const [counts, fallbacks] = await Promise.all([
        linkCounts(rows.map((r) => r.id)),
        redirectFallbacks(db, project.id),
      ]);
      return ok({ items: rows.map((r) => view(r, counts.get(r.id) ?? 0, fallbacks)), total });
    },
  );

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
      const project = currentProject(request);
      const body = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, body);
      await assertPublicCallbacks(app.ctx, callbackUrlsOf(body));
      const time = app.ctx.now().toISOString();
      const row = {
        id: randomId(),
        project_id: project.id,
        name: nameOf(body),
        config: JSON.stringify(body),
        created_by: currentUser(request).id,
        created_at: time,
        updated_at: time,
      };
      await db.insertInto('link_templates').values(row).execute();
      return ok(view(row, 0, await redirectFallbacks(db, project.id)));
    },
  );

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
      const project = currentProject(request);
      const row = await find(project.id, request.params.id);
      const [counts, fallbacks] = await Promise.all([
        linkCounts([row.id]),
        redirectFallbacks(db, project.id),
      ]);
      return ok(view(row, counts.get(row.id) ?? 0, fallbacks));
    },
  );

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
      const existing = await find(project.id, request.params.id);
      const body = request.body as Record<string, unknown>;
      validateEntity(app, ENTITY, body);
      await assertPublicCallbacks(app.ctx, callbackUrlsOf(body));
      const updated = {
        ...existing,
        name: nameOf(body),
        config: JSON.stringify(body),
        updated_at: app.ctx.now().toISOString(),
      };
      await db
        .updateTable('link_templates')
        .set({ name: updated.name, config: updated.config, updated_at: updated.updated_at })
        .where('id', '=', existing.id)
        .execute();
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      const [counts, fallbacks] = await Promise.all([
        linkCounts([existing.id]),
        redirectFallbacks(db, project.id),
      ]);
      return ok(view(updated, counts.get(existing.id) ?? 0, fallbacks));
    },
  );

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
      const existing = await find(project.id, request.params.id);
      if (((await linkCounts([existing.id])).get(existing.id) ?? 0) > 0) throw new AppError('templateInUse');
      try {
        await db.deleteFrom('link_templates').where('id', '=', existing.id).execute();
      } catch (error) {
        // A link created meanwhile holds the template (foreign key).
        if (
          await db.selectFrom('links').select('id').where('template_id', '=', existing.id).executeTakeFirst()
        )
          throw new AppError('templateInUse');
        throw error;
      }
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(null);
    },
  );
};
