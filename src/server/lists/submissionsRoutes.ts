import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError, fieldError } from '../errors';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { currentProject, requireProject } from '../plugins/auth';
import { toCsv } from '../http/toCsv';
import { csvFileName } from '../http/csvFileName';
import { sendCsv } from '../http/sendCsv';
import { requestLang } from '../http/requestLang';
import type { Lang } from '../../engine/validation/lang';
import { localDayStartMs, localIsoTime } from '../../engine/rules/timeZone';

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

const DAY_MS = 86_400_000;

// Column and state words of the export, in the caller's language (X-Lang).
const CSV_WORDS: Record<Lang, { columns: string[]; pending: string; submitted: string }> = {
  'zh-CN': {
    columns: ['参与者', '活动', '状态', '创建时间', '提交时间'],
    pending: '待提交',
    submitted: '已提交',
  },
  'en-US': {
    columns: ['Participant', 'Campaign', 'State', 'Created', 'Submitted'],
    pending: 'Pending',
    submitted: 'Submitted',
  },
};

/** Submissions of a reward form (written by the participant side) and their CSV export. */
export const submissionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['reward-forms'];
  const security = [{ bearer: [] }];

  const loadForm = async (request: FastifyRequest, id: string) => {
    const form = await app.ctx.db
      .selectFrom('reward_forms')
      .select(['id', 'config'])
      .where('id', '=', id)
      .where('project_id', '=', currentProject(request).id)
      .executeTakeFirst();
    if (!form) throw new AppError('notFound');
    return form;
  };
  const valuesOf = (answers: string | null): Record<string, string> => {
    const parsed = answers ? (JSON.parse(answers) as Record<string, unknown>) : {};
    return Object.fromEntries(
      Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
  };

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
      const form = await loadForm(request, request.params.id);
      const q = request.query;
      let query = app.ctx.db.selectFrom('reward_form_submissions').where('form_id', '=', form.id);
      if (q.state) query = query.where('state', '=', q.state);
      const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return ok({
        items: rows.map((r) => ({
          id: r.id,
          campaignId: r.campaign_id,
          participant: r.participant,
          state: r.state,
          values: valuesOf(r.answers),
          createdAt: r.created_at,
          submittedAt: r.submitted_at,
        })),
        total: Number(total.n),
      });
    },
  );

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
      const form = await loadForm(request, request.params.id);
      const q = request.query;
      let query = app.ctx.db
        .selectFrom('reward_form_submissions')
        .leftJoin('campaigns', 'campaigns.id', 'reward_form_submissions.campaign_id')
        .select([
          'reward_form_submissions.participant',
          'reward_form_submissions.state',
          'reward_form_submissions.answers',
          'reward_form_submissions.created_at',
          'reward_form_submissions.submitted_at',
          'campaigns.title as campaign_title',
        ])
        .where('reward_form_submissions.form_id', '=', form.id);
      if (q.state) query = query.where('reward_form_submissions.state', '=', q.state);
      // Days of the project's time zone: a day starts at its local midnight.
      const zone = currentProject(request).timeZone;
      const dayStart = (day: string, field: string, plus = 0) => {
        const ms = Date.parse(`${day}T00:00:00Z`);
        if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day)
          throw fieldError((lang) => [
            { path: `/querystring/${field}`, message: validationMessage('format.date', lang) },
          ]);
        return new Date(localDayStartMs(Math.floor(ms / DAY_MS) + plus, zone)).toISOString();
      };
      if (q.start_time)
        query = query.where('reward_form_submissions.created_at', '>=', dayStart(q.start_time, 'start_time'));
      if (q.end_time)
        query = query.where('reward_form_submissions.created_at', '<', dayStart(q.end_time, 'end_time', 1));
      const local = (iso: string | null) => (iso ? localIsoTime(Date.parse(iso), zone) : iso);
      const rows = await query.orderBy('reward_form_submissions.created_at').execute();
      const items = (JSON.parse(form.config) as { items?: { label?: unknown }[] }).items ?? [];
      const labels = items.map((item) => String(item.label ?? ''));
      const words = CSV_WORDS[requestLang(request)];
      const csv = toCsv(
        [...words.columns, ...labels],
        rows.map((r) => {
          const values = valuesOf(r.answers);
          return [
            r.participant,
            r.campaign_title,
            words[r.state],
            local(r.created_at),
            local(r.submitted_at),
            ...labels.map((l) => values[l]),
          ];
        }),
      );
      return sendCsv(reply, csvFileName(q.start_time, q.end_time), csv);
    },
  );
};
