import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams, RequiredText } from '../http/fields';
import { AppError } from '../errors';
import { randomId } from '../db/randomId';
import type { QuestionBanksTable } from '../db/campaignTables';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { containsText } from './likePattern';

const BankSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  questionCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
const BankBody = Type.Object({ name: RequiredText(30, 'Question bank name') });

/** Question banks: named groups of quiz questions (`/api/questions?bank=`). */
export const questionBanksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['questions'];
  const security = [{ bearer: [] }];

  const counts = async (ids: string[]) => {
    if (ids.length === 0) return new Map<string, number>();
    const rows = await app.ctx.db
      .selectFrom('questions')
      .select(['bank_id', (eb) => eb.fn.countAll().as('n')])
      .where('bank_id', 'in', ids)
      .groupBy('bank_id')
      .execute();
    return new Map(rows.map((r) => [r.bank_id, Number(r.n)]));
  };
  const view = (row: QuestionBanksTable, count: number) => ({
    id: row.id,
    name: row.name,
    questionCount: count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const load = async (request: FastifyRequest, id: string) => {
    const row = await app.ctx.db
      .selectFrom('question_banks')
      .selectAll()
      .where('id', '=', id)
      .where('project_id', '=', currentProject(request).id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  };

  app.get(
    '/api/question-banks',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Question banks, newest first, with their question counts',
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, default: 1 }),
          pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
          q: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(BankSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const q = request.query;
      let query = app.ctx.db
        .selectFrom('question_banks')
        .where('project_id', '=', currentProject(request).id);
      if (q.q?.trim()) query = query.where(containsText('name', q.q.trim()));
      const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      const n = await counts(rows.map((r) => r.id));
      return ok({ items: rows.map((r) => view(r, n.get(r.id) ?? 0)), total: Number(total.n) });
    },
  );

  app.get(
    '/api/question-banks/:id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'One question bank',
        params: IdParams,
        response: { 200: Envelope(BankSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await load(request, request.params.id);
      return ok(view(row, (await counts([row.id])).get(row.id) ?? 0));
    },
  );

  app.post(
    '/api/question-banks',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create a question bank',
        body: BankBody,
        response: { 200: Envelope(BankSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const time = app.ctx.now().toISOString();
      const row: QuestionBanksTable = {
        id: randomId(),
        project_id: currentProject(request).id,
        name: request.body.name.trim(),
        created_by: currentUser(request).id,
        created_at: time,
        updated_at: time,
      };
      await app.ctx.db.insertInto('question_banks').values(row).execute();
      return ok(view(row, 0));
    },
  );

  app.put(
    '/api/question-banks/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Rename a question bank',
        params: IdParams,
        body: BankBody,
        response: { 200: Envelope(BankSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await load(request, request.params.id);
      const updated = { ...row, name: request.body.name.trim(), updated_at: app.ctx.now().toISOString() };
      await app.ctx.db
        .updateTable('question_banks')
        .set({ name: updated.name, updated_at: updated.updated_at })
        .where('id', '=', row.id)
        .execute();
      return ok(view(updated, (await counts([row.id])).get(row.id) ?? 0));
    },
  );

  app.delete(
    '/api/question-banks/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete a question bank and its questions',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await load(request, request.params.id);
      await app.ctx.db.deleteFrom('question_banks').where('id', '=', row.id).execute();
      return ok(null);
    },
  );
};
