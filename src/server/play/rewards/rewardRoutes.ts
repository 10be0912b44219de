import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { localIsoTime } from '../../../engine/rules/timeZone';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { requestLang } from '../../http/requestLang';
import { dateRange } from '../../links/dateRange';
import { toCsv } from '../../http/toCsv';
import { sendCsv } from '../../http/sendCsv';
import { csvFileName } from '../../http/csvFileName';
import { randomId } from '../../db/randomId';
import '../delivery/rewardDelivery';
import { CSV_COLUMNS, STATUS_WORDS, statusDetailText } from './rewardTexts';
import type { AwardStatus, RewardRecordRow } from '../playTables';

const STATUSES = ['success', 'pending', 'failure', 'manual', 'reissued'] as const;
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Filters = {
  campaignId: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(Type.Union(STATUSES.map((s) => Type.Literal(s)))),
  prizeId: Type.Optional(Type.String({ maxLength: 64 })),
  userId: Type.Optional(Type.String({ maxLength: 64 })),
};

const RewardRow = Type.Object({
  id: Type.String(),
  campaignId: Type.String(),
  campaignTitle: Type.String(),
  prizeId: Type.String(),
  prizeName: Type.String(),
  deliveryType: Type.String(),
  awardStatus: Type.String(),
  statusDetail: Type.Union([Type.String(), Type.Null()]),
  userId: Type.Union([Type.String(), Type.Null()]),
  participantCode: Type.String(),
  superior: Type.Union([Type.String(), Type.Null()]),
  isNewUser: Type.Boolean(),
  channel: Type.Union([Type.String(), Type.Null()]),
  method: Type.String(),
  os: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String(), Type.Null()]),
  timeZone: Type.Union([Type.String(), Type.Null()]),
  couponCode: Type.Union([Type.String(), Type.Null()]),
  formSubmission: Type.Union([Type.Object({ id: Type.String(), state: Type.String() }), Type.Null()]),
  attempts: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  awardedBy: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  awardedAt: Type.Union([Type.String(), Type.Null()]),
});

const Attempt = Type.Object({
  attempt: Type.Integer(),
  at: Type.String(),
  httpStatus: Type.Union([Type.Integer(), Type.Null()]),
  answer: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
});
const Delivery = Type.Object({
  id: Type.String(),
  url: Type.String(),
  state: Type.String(),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Array(Attempt),
});

/** Reward records in the console: list, detail with every delivery attempt, manual award, reissue, export. */
export const rewardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['rewards'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  function filtered(
    request: FastifyRequest,
    q: { campaignId?: string; status?: string; prizeId?: string; userId?: string },
    range?: { startIso: string; endIso: string },
  ) {
    let query = db
      .selectFrom('reward_records as r')
      .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
      .innerJoin('participants as p', 'p.id', 'r.participant_id')
      .where('r.project_id', '=', currentProject(request).id);
    if (q.campaignId) query = query.where('r.campaign_id', '=', q.campaignId);
    if (q.status) query = query.where('r.award_status', '=', q.status as AwardStatus);
    if (q.prizeId) query = query.where('r.prize_id', '=', q.prizeId);
    if (q.userId) query = query.where('r.user_id', '=', q.userId);
    if (range)
      query = query.where('r.created_at', '>=', range.startIso).where('r.created_at', '<', range.endIso);
    return query;
  }

  function rangeOf(request: FastifyRequest, from?: string, to?: string) {
    if (!from && !to) return undefined;
    return dateRange({ from, to }, app.ctx.now(), 3660, currentProject(request).timeZone);
  }

  async function rows(
    request: FastifyRequest,
    records: (RewardRecordRow & { campaign_title: string; participant_code: string })[],
  ) {
    const lang = requestLang(request);
    const ids = records.map((r) => r.id);
    const attempts = ids.length
      ? await db
          .selectFrom('reward_deliveries as d')
          .innerJoin('reward_delivery_attempts as a', 'a.delivery_id', 'd.id')
          .select(['d.reward_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('d.reward_id', 'in', ids)
          .groupBy('d.reward_id')
          .execute()
      : [];
    const submissionIds = records.map((r) => r.form_submission_id).filter((id): id is string => !!id);
    const submissions = submissionIds.length
      ? await db
          .selectFrom('reward_form_submissions')
          .select(['id', 'state'])
          .where('id', 'in', submissionIds)
          .execute()
      : [];
    const awarders = [...new Set(records.map((r) => r.awarded_by).filter((id): id is string => !!id))];
    const users = awarders.length
      ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', awarders).execute()
      : [];
    const attemptsOf = new Map(attempts.map((a) => [a.reward_id, Number(a.n)]));
    const stateOf = new Map(submissions.map((s) => [s.id, s.state]));
    const userOf = new Map(users.map((u) => [u.id, u]));
    return records.map((r) => ({
      id: r.id,
      campaignId: r.campaign_id,
      campaignTitle: r.campaign_title,
      prizeId: r.prize_id,
      prizeName: r.prize_name,
      deliveryType: r.delivery_type,
      awardStatus: r.award_status,
      statusDetail: statusDetailText(r.status_detail, lang),
      userId: r.user_id,
      participantCode: r.participant_code,
      superior: r.superior,
      isNewUser: r.is_new_user === 1,
      channel: r.channel,
      method: r.method,
      os: r.os,
      country: r.country,
      timeZone: r.time_zone,
      couponCode: r.coupon_code,
      formSubmission: r.form_submission_id
        ? { id: r.form_submission_id, state: stateOf.get(r.form_submission_id) ?? 'pending' }
        : null,
      attempts: attemptsOf.get(r.id) ?? 0,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      awardedBy: r.awarded_by ? (userOf.get(r.awarded_by) ?? null) : null,
      awardedAt: r.awarded_at,
    }));
  }

  async function loadOne(request: FastifyRequest, id: string) {
    const [record] = await filtered(request, {})
      .selectAll('r')
      .select(['c.title as campaign_title', 'p.code as participant_code'])
      .where('r.id', '=', id)
      .execute();
    if (!record) throw new AppError('notFound');
    return record;
  }

  async function detail(request: FastifyRequest, id: string) {
    const record = await loadOne(request, id);
    const deliveries = await db
      .selectFrom('reward_deliveries')
      .selectAll()
      .where('reward_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const attempts = deliveries.length
      ? await db
          .selectFrom('reward_delivery_attempts')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('attempt')
          .execute()
      : [];
    const [row] = await rows(request, [record]);
    return {
      ...row,
      deliveries: deliveries.map((d) => ({
        id: d.id,
        url: d.url,
        state: d.state,
        createdAt: d.created_at,
        finishedAt: d.finished_at,
        attempts: attempts
          .filter((a) => a.delivery_id === d.id)
          .map((a) => ({
            attempt: a.attempt,
            at: a.at,
            httpStatus: a.http_status,
            answer: a.answer,
            error: a.error,
            durationMs: a.duration_ms,
          })),
      })),
    };
  }

  app.get(
    '/api/rewards',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: "Reward records of the project, newest first; from/to are days of the project's time zone",
        querystring: Type.Object({
          ...Filters,
          from: Type.Optional(Day),
          to: Type.Optional(Day),
          page: Type.Integer({ minimum: 1, default: 1 }),
          pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(RewardRow), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const range = rangeOf(request, q.from, q.to);
      const total = await filtered(request, q, range)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const records = await filtered(request, q, range)
        .selectAll('r')
        .select(['c.title as campaign_title', 'p.code as participant_code'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return ok({ items: await rows(request, records), total: Number(total.n) });
    },
  );

  app.get(
    '/api/rewards/export',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          "CSV of the reward records created in start_time..end_time (days of the project's time zone): start--end.csv or output.csv",
        querystring: Type.Object({
          ...Filters,
          start_time: Type.Optional(Day),
          end_time: Type.Optional(Day),
        }),
        response: { ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const range = rangeOf(request, q.start_time, q.end_time);
      const records = await filtered(request, q, range)
        .selectAll('r')
        .select(['c.title as campaign_title', 'p.code as participant_code'])
        .orderBy('r.created_at')
        .orderBy('r.id')
        .limit(100_000)
        .execute();
      const lang = requestLang(request);
      const zone = currentProject(request).timeZone;
      const csv = toCsv(
        CSV_COLUMNS[lang],
        records.map((r) => [
          r.id,
          r.campaign_title,
          r.prize_name,
          r.user_id,
          r.participant_code,
          STATUS_WORDS[lang][r.award_status],
          statusDetailText(r.status_detail, lang),
          r.delivery_type,
          r.coupon_code,
          r.superior,
          r.is_new_user === 1 ? (lang === 'zh-CN' ? '是' : 'yes') : lang === 'zh-CN' ? '否' : 'no',
          r.channel,
          r.method,
          r.os,
          r.country,
          r.time_zone,
          localIsoTime(Date.parse(r.created_at), zone),
        ]),
      );
      return sendCsv(reply, csvFileName(q.start_time, q.end_time), csv);
    },
  );

  app.get(
    '/api/rewards/:id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'One reward record with its deliveries and every attempt',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: {
          200: Envelope(Type.Object({ ...RewardRow.properties, deliveries: Type.Array(Delivery) })),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ok(await detail(request, request.params.id)),
  );

  app.post(
    '/api/rewards/:id/award',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Mark a pending customer-service reward as awarded (manual award)',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: {
          200: Envelope(Type.Object({ ...RewardRow.properties, deliveries: Type.Array(Delivery) })),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const record = await loadOne(request, request.params.id);
      const now = app.ctx.now().toISOString();
      const written = await db
        .updateTable('reward_records')
        .set({
          award_status: 'manual',
          awarded_by: currentUser(request).id,
          awarded_at: now,
          updated_at: now,
        })
        .where('id', '=', record.id)
        .where('award_status', '=', 'pending')
        .where('delivery_type', '=', 'customer-service')
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) !== 1) throw new AppError('reward.illegalStatus');
      return ok(await detail(request, record.id));
    },
  );

  app.post(
    '/api/rewards/:id/reissue',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary:
          'Send a failed callback reward again now (the same signed body and message id); reissued on success',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: {
          200: Envelope(Type.Object({ ...RewardRow.properties, deliveries: Type.Array(Delivery) })),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const record = await loadOne(request, request.params.id);
      const last = await db
        .selectFrom('reward_deliveries')
        .selectAll()
        .where('reward_id', '=', record.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (record.award_status !== 'failure' || !last || last.state !== 'failure')
        throw new AppError('reward.illegalStatus');
      const now = app.ctx.now();
      const deliveryId = randomId();
      // Claimed by this request's conditional update: a second click finds the record pending.
      const moved = await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('reward_records')
          .set({ award_status: 'pending', updated_at: now.toISOString() })
          .where('id', '=', record.id)
          .where('award_status', '=', 'failure')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('reward_deliveries')
          .values({
            id: deliveryId,
            project_id: record.project_id,
            reward_id: record.id,
            url: last.url,
            payload: last.payload,
            state: 'pending',
            attempts: 0,
            next_at: now.toISOString(),
            created_at: now.toISOString(),
            finished_at: null,
          })
          .execute();
        return true;
      });
      if (!moved) throw new AppError('reward.illegalStatus');
      await app.rewardDelivery?.sendNow(deliveryId, now);
      return ok(await detail(request, record.id));
    },
  );
};
