import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { requestLang } from '../../http/requestLang';
import { dateRange } from '../../links/dateRange';
import { toCsv } from '../../http/toCsv';
import { sendCsv } from '../../http/sendCsv';
import { csvFileName } from '../../http/csvFileName';
import '../delivery/rewardDelivery';
import { CSV_COLUMNS } from './rewardTexts';
import {
  awardReward,
  listedRecords,
  loadReward,
  reissueReward,
  rewardCsvRow,
  rewardDetail,
  rewardQuery,
  rewardRows,
} from './rewardRecords';

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
  heldAt: Type.Union([Type.String(), Type.Null()], {
    description: 'Put on hold (not delivered until released)',
  }),
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

  const scope = (request: FastifyRequest) => currentProject(request).id;
  const detail = (request: FastifyRequest, id: string) =>
    rewardDetail(db, scope(request), id, requestLang(request));

  function rangeOf(request: FastifyRequest, from?: string, to?: string) {
    if (!from && !to) return undefined;
    return dateRange({ from, to }, app.ctx.now(), 3660, currentProject(request).timeZone);
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
      const total = await rewardQuery(db, scope(request), q, range)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const records = await listedRecords(db, scope(request), q, range)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return ok({ items: await rewardRows(db, records, requestLang(request)), total: Number(total.n) });
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
      const records = await listedRecords(db, scope(request), q, range)
        .orderBy('r.created_at')
        .orderBy('r.id')
        .limit(100_000)
        .execute();
      const lang = requestLang(request);
      const zone = currentProject(request).timeZone;
      const csv = toCsv(
        CSV_COLUMNS[lang],
        records.map((r) => rewardCsvRow(r, lang, zone)),
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
      const record = await loadReward(db, scope(request), request.params.id);
      await awardReward(db, record, currentUser(request).id, app.ctx.now());
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
      const record = await loadReward(db, scope(request), request.params.id);
      const now = app.ctx.now();
      const deliveryId = await reissueReward(db, record, now);
      await app.rewardDelivery?.sendNow(deliveryId, now);
      return ok(await detail(request, record.id));
    },
  );
};
