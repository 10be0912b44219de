import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams, RequiredText } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { bankAnswer, createBank, findBank, listBanks, renameBank } from './questionBankService';

const BankSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  questionCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
const BankBody = Type.Object({ name: RequiredText(30, 'Question bank name') });

const tags = ['questions'];
const security = [{ bearer: [] }];

function listRoute(app: TypedApp) {
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
    async (request) => ok(await listBanks(app.ctx.db, currentProject(request).id, request.query)),
  );
}

function readRoute(app: TypedApp) {
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
      const row = await findBank(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(await bankAnswer(app.ctx.db, row));
    },
  );
}

function createRoute(app: TypedApp) {
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
      const projectId = currentProject(request).id;
      return ok(
        await createBank(app.ctx.db, projectId, currentUser(request).id, request.body.name, app.ctx.now()),
      );
    },
  );
}

function renameRoute(app: TypedApp) {
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
      const row = await findBank(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(await renameBank(app.ctx.db, row, request.body.name, app.ctx.now()));
    },
  );
}

function deleteRoute(app: TypedApp) {
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
      const row = await findBank(app.ctx.db, currentProject(request).id, request.params.id);
      await app.ctx.db.deleteFrom('question_banks').where('id', '=', row.id).execute();
      return ok(null);
    },
  );
}

/** Question banks: named groups of quiz questions (`/api/questions?bank=`). */
export const questionBanksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  readRoute(app);
  createRoute(app);
  renameRoute(app);
  deleteRoute(app);
};
