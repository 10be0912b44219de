import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Lang } from '../../../engine/validation/lang';
import { localIsoTime } from '../../../engine/rules/timeZone';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { AppError, fieldError } from '../../errors';
import { validationMessage } from '../../../engine/validation/localizeErrors';
import { loadCampaign } from '../../routes/campaigns/loadCampaign';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { requestLang } from '../../http/requestLang';
import { dateRange } from '../../links/dateRange';
import { toCsv } from '../../http/toCsv';
import { sendCsv } from '../../http/sendCsv';
import { csvFileName } from '../../http/csvFileName';
import { randomId } from '../../db/randomId';
import type { DeliveryProblem } from '../delivery/rewardDelivery';
import '../delivery/rewardDelivery';
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

const DETAIL_TEXTS: Record<Lang, Record<DeliveryProblem['key'], (p: DeliveryProblem) => string>> = {
  'zh-CN': {
    callbackAbnormal: (p) => `回调接口异常：返回 HTTP ${p.status} "${p.answer ?? ''}"，应返回 success`,
    callbackUnreachable: (p) => `回调接口异常：无法送达（${p.error ?? ''}）`,
    callbackRefused: (p) => `回调地址不是公网地址，未发送（${p.error ?? ''}）`,
  },
  'en-US': {
    callbackAbnormal: (p) =>
      `Callback API abnormal: answered HTTP ${p.status} "${p.answer ?? ''}"; the expected answer is success`,
    callbackUnreachable: (p) => `Callback API abnormal: not delivered (${p.error ?? ''})`,
    callbackRefused: (p) =>
      `The callback address is not a public address; nothing was sent (${p.error ?? ''})`,
  },
};

/** The stored reason of a failed delivery in the reader's language. */
export function statusDetailText(detail: string | null, lang: Lang): string | null {
  if (!detail) return null;
  try {
    const problem = JSON.parse(detail) as DeliveryProblem;
    const text = DETAIL_TEXTS[lang][problem.key];
    return text ? text(problem) : detail;
  } catch {
    return detail;
  }
}

const CSV_COLUMNS: Record<Lang, string[]> = {
  'zh-CN': [
    '奖励ID',
    '活动',
    '奖品',
    '用户ID',
    '参与者编号',
    '发放状态',
    '说明',
    '发放方式',
    '券码',
    '上级',
    '新用户',
    '渠道',
    '方式',
    '操作系统',
    '国家',
    '时区',
    '获奖时间',
  ],
  'en-US': [
    'Reward ID',
    'Campaign',
    'Prize',
    'User ID',
    'Participant code',
    'Award status',
    'Detail',
    'Delivery',
    'Coupon code',
    'Superior',
    'New user',
    'Channel',
    'Method',
    'OS',
    'Country',
    'Time zone',
    'Reward time',
  ],
};
const STATUS_WORDS: Record<Lang, Record<AwardStatus, string>> = {
  'zh-CN': { success: '成功', pending: '待发放', failure: '失败', manual: '人工发放', reissued: '已补发' },
  'en-US': {
    success: 'Success',
    pending: 'Pending',
    failure: 'Failure',
    manual: 'Manual award',
    reissued: 'Reissued',
  },
};

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

const CouponSummary = Type.Object({ prizeId: Type.String(), total: Type.Integer(), issued: Type.Integer() });

/** Coupon code pools per campaign prize: imported by operators, each code issued to one winner. */
export const couponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['rewards'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function summary(campaignId: string) {
    const rows = await db
      .selectFrom('coupon_codes')
      .select([
        'prize_id',
        (eb) => eb.fn.countAll<number>().as('total'),
        (eb) => eb.fn.count<number>('reward_id').as('issued'),
      ])
      .where('campaign_id', '=', campaignId)
      .groupBy('prize_id')
      .orderBy('prize_id')
      .execute();
    return rows.map((r) => ({ prizeId: r.prize_id, total: Number(r.total), issued: Number(r.issued) }));
  }

  app.get(
    '/api/campaigns/:id/coupons',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: "The campaign's coupon code pools: codes imported and issued per prize",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: Envelope(Type.Array(CouponSummary)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      return ok(await summary(row.id));
    },
  );

  app.post(
    '/api/campaigns/:id/coupons',
    {
      onRequest: requireProject('edit'),
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Import coupon codes for a system-issued prize of the campaign; codes already in its pool are skipped. Each win of the prize then takes one code; when none is left the prize is out of stock',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        body: Type.Object({
          prizeId: Type.String({ minLength: 1, maxLength: 64 }),
          codes: Type.Array(
            Type.String({ minLength: 1, maxLength: 64, pattern: '^\\S(.*\\S)?$', singleLine: true }),
            {
              minItems: 1,
              maxItems: 5000,
            },
          ),
        }),
        response: {
          200: Envelope(
            Type.Object({
              added: Type.Integer(),
              duplicates: Type.Integer(),
              pools: Type.Array(CouponSummary),
            }),
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      const { prizeId, codes } = request.body;
      const prizes =
        (JSON.parse(row.config) as { prizes?: { id?: unknown; isThank?: unknown }[] }).prizes ?? [];
      if (!prizes.some((p) => p.id === prizeId && p.isThank !== true)) {
        throw fieldError((lang) => [{ path: '/prizeId', message: validationMessage('invalid', lang) }]);
      }
      const unique = [...new Set(codes)];
      const now = app.ctx.now().toISOString();
      let added = 0;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < unique.length; i += 500) {
          const inserted = await trx
            .insertInto('coupon_codes')
            .values(
              unique.slice(i, i + 500).map((code) => ({
                id: randomId(),
                project_id: row.project_id,
                campaign_id: row.id,
                prize_id: prizeId,
                code,
                reward_id: null,
                issued_at: null,
                created_at: now,
              })),
            )
            .onConflict((oc) => oc.columns(['campaign_id', 'prize_id', 'code']).doNothing())
            .executeTakeFirst();
          added += Number(inserted.numInsertedOrUpdatedRows ?? 0);
        }
      });
      return ok({ added, duplicates: codes.length - added, pools: await summary(row.id) });
    },
  );
};
