import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { currentProject, requireProject } from '../plugins/auth';
import { csvFileName } from '../http/csvFileName';
import { sendCsv } from '../http/sendCsv';
import { requestLang } from '../http/requestLang';
import { findForm, listSubmissions, submissionsCsv } from './submissionService';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const StateField = Type.Enum(['pending', 'submitted']);
const Day = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: "YYYY-MM-DD, a day of the project's time zone",
});

const SubmissionSchema = Type.Object({
  id: Type.String(),
  campaignId: Nullable(Type.String()),
  participant: Type.String(),
  state: StateField,
  values: Type.Record(Type.String(), Type.String(), { description: 'Form item label -> answer' }),
  createdAt: Type.String(),
  submittedAt: Nullable(Type.String()),
});

const tags = ['reward-forms'];
const security = [{ bearer: [] }];

function listRoute(app: TypedApp) {
  app.get(
    '/api/reward-forms/:id/submissions',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Submissions of a reward form, newest first (pending: the winner has not filled it in yet)',
        params: IdParams,
        querystring: Type.Object({
          state: Type.Optional(StateField),
          page: Type.Integer({ minimum: 1, default: 1 }),
          pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(SubmissionSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const form = await findForm(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(await listSubmissions(app.ctx.db, form.id, request.query));
    },
  );
}

function exportRoute(app: TypedApp) {
  app.get(
    '/api/reward-forms/:id/submissions/export',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          "CSV of the submissions (created in start_time..end_time, days of the project's time zone, when given; times written in that zone): start--end.csv or output.csv",
        params: IdParams,
        querystring: Type.Object({
          state: Type.Optional(StateField),
          start_time: Type.Optional(Day),
          end_time: Type.Optional(Day),
        }),
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const form = await findForm(app.ctx.db, project.id, request.params.id);
      const q = request.query;
      const csv = await submissionsCsv(app.ctx.db, form, q, project.timeZone, requestLang(request));
      return sendCsv(reply, csvFileName(q.start_time, q.end_time), csv);
    },
  );
}

/** Submissions of a reward form (written by the participant side) and their CSV export. */
export const submissionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  exportRoute(app);
};
