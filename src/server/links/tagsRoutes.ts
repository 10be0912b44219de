import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams, RequiredText } from '../http/fields';
import { AppError, errorMessage } from '../errors';
import { randomId } from '../db/randomId';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { currentProject, requireProject } from '../plugins/auth';
import { containsText, newestPage, PageQuery } from './listQuery';

const TagSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  linkCount: Type.Integer(),
  createdAt: Type.String(),
});
const TagBody = Type.Object({
  name: RequiredText(30, 'Tag name: at most 30 characters, unique in the project'),
});

const tagTaken = () =>
  new AppError('tagTaken', {
    errors: (lang) => [{ path: '/name', message: errorMessage('tagTaken', lang) }],
  });

/** Link tags of a project (SPEC: name <= 30, not blank, no duplicates). */
export const tagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['tags'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function linkCounts(ids: string[]) {
    if (ids.length === 0) return new Map<string, number>();
    const rows = await db
      .selectFrom('link_tags')
      .select(['tag_id', (eb) => eb.fn.countAll().as('n')])
      .where('tag_id', 'in', ids)
      .groupBy('tag_id')
      .execute();
    return new Map(rows.map((r) => [r.tag_id, Number(r.n)]));
  }

  async function assertFree(projectId: string, name: string, exceptId?: string) {
    let query = db
      .selectFrom('tags')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', name);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw tagTaken();
  }

  async function find(projectId: string, id: string) {
    const row = await db
      .selectFrom('tags')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

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
    async (request) => {
      const project = currentProject(request);
      let query = db.selectFrom('tags').where('project_id', '=', project.id);
      if (request.query.q?.trim()) query = query.where(containsText('name', request.query.q));
      const { rows, total } = await newestPage(query, request.query);
      const counts = await linkCounts(rows.map((r) => r.id));
      return ok({
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          linkCount: counts.get(r.id) ?? 0,
          createdAt: r.created_at,
        })),
        total,
      });
    },
  );

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
    async (request) => {
      const project = currentProject(request);
      const name = request.body.name.trim();
      await assertFree(project.id, name);
      const row = { id: randomId(), project_id: project.id, name, created_at: app.ctx.now().toISOString() };
      try {
        await db.insertInto('tags').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw tagTaken();
        throw error;
      }
      return ok({ id: row.id, name, linkCount: 0, createdAt: row.created_at });
    },
  );

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
    async (request) => {
      const project = currentProject(request);
      const existing = await find(project.id, request.params.id);
      const name = request.body.name.trim();
      await assertFree(project.id, name, existing.id);
      try {
        await db.updateTable('tags').set({ name }).where('id', '=', existing.id).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw tagTaken();
        throw error;
      }
      const counts = await linkCounts([existing.id]);
      return ok({
        id: existing.id,
        name,
        linkCount: counts.get(existing.id) ?? 0,
        createdAt: existing.created_at,
      });
    },
  );

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
      const project = currentProject(request);
      const existing = await find(project.id, request.params.id);
      await db.deleteFrom('tags').where('id', '=', existing.id).execute();
      return ok(null);
    },
  );
};
