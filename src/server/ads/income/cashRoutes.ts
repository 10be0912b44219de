import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { IdParams } from '../../http/fields';
import { dateRange } from '../../links/dateRange';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { requireAdsAdvanced } from '../adsAccess';
import { cashOverview } from './cashOverview';
import { incomeSettings } from './incomeSettings';
import { offerwallUsers } from './offerwallUsers';
import { reviewWithdrawal, withdrawalList } from './withdrawals';

/** Days a cash overview may span (its figures are sums, not a scan of raw events). */
const MAX_CASH_DAYS = 92;
const security = [{ bearer: [] }];
const tags = ['offerwall cash'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Micros = Type.Integer();
const CountMicros = Type.Object({ count: Type.Integer(), micros: Micros });
const WithdrawalStatus = Type.Enum(['pending', 'approved', 'rejected']);
const Nullable = Type.Union([Type.String(), Type.Null()]);
const WithdrawalRow = Type.Object({
  id: Type.String(),
  participantId: Type.String(),
  code: Type.String(),
  userId: Nullable,
  amountMicros: Micros,
  currency: Type.String(),
  method: Type.String(),
  account: Type.String({ description: 'Masked (ab****yz) unless the caller is an advanced user' }),
  status: WithdrawalStatus,
  note: Nullable,
  createdAt: Type.String(),
  reviewedAt: Nullable,
});
const Paging = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

/** The operator's offerwall pages: users, the cash overview, withdrawals and their review. */
export const cashRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/ads/offerwall/users',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          'Offerwall users: earned, reversed, withdrawn, pending and balance, the latest active first; q: user id or code',
        querystring: Type.Object({ ...Paging, q: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: {
          200: Envelope(
            Type.Object({
              totals: Type.Object({
                users: Type.Integer(),
                earnedMicros: Micros,
                withdrawnMicros: Micros,
                balanceMicros: Micros,
                pendingMicros: Micros,
              }),
              items: Type.Array(
                Type.Object({
                  participantId: Type.String(),
                  code: Type.String(),
                  userId: Nullable,
                  earnedMicros: Micros,
                  reversedMicros: Micros,
                  withdrawnMicros: Micros,
                  pendingMicros: Micros,
                  balanceMicros: Micros,
                  lastActivityAt: Type.String(),
                }),
              ),
              total: Type.Integer(),
              currency: Type.String({ description: 'The offerwall currency' }),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const [page, settings] = await Promise.all([
        offerwallUsers(app.ctx.db, project.id, request.query),
        incomeSettings(app.ctx.db, project.id),
      ]);
      return ok({ ...page, currency: settings.offerwallCurrency });
    },
  );

  app.get(
    '/api/ads/cash/overview',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          'Cash overview: balance held, withdrawals pending (now), approved and rejected (reviewed in the range), credits and withdrawals per local day (default the last 7 days)',
        querystring: Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }),
        response: {
          200: Envelope(
            Type.Object({
              from: Type.String(),
              to: Type.String(),
              tz: Type.String(),
              currency: Type.String(),
              balanceMicros: Micros,
              pending: CountMicros,
              approved: CountMicros,
              rejected: CountMicros,
              series: Type.Array(
                Type.Object({ date: Type.String(), creditedMicros: Micros, withdrawnMicros: Micros }),
              ),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const range = dateRange(request.query, app.ctx.now(), MAX_CASH_DAYS, project.timeZone);
      const [overview, settings] = await Promise.all([
        cashOverview(app.ctx.db, project.id, range),
        incomeSettings(app.ctx.db, project.id),
      ]);
      return ok({
        from: range.from,
        to: range.to,
        tz: range.tz,
        currency: settings.offerwallCurrency,
        ...overview,
      });
    },
  );

  app.get(
    '/api/ads/cash/withdrawals',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Withdrawals, newest first (payout accounts masked unless the caller is an advanced user)',
        querystring: Type.Object({ ...Paging, status: Type.Optional(WithdrawalStatus) }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(WithdrawalRow), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      return ok(await withdrawalList(app.ctx.db, project.id, request.query, project.adsAdvanced));
    },
  );

  app.post(
    '/api/ads/cash/withdrawals/:id/review',
    {
      onRequest: [requireProject('edit'), requireAdsAdvanced],
      schema: {
        tags,
        security,
        summary:
          'Approve or reject a pending withdrawal (advanced); a rejection returns the money to the balance',
        params: IdParams,
        body: Type.Object({
          decision: Type.Enum(['approve', 'reject']),
          note: Type.Optional(Type.String({ maxLength: 300 })),
        }),
        response: { 200: Envelope(WithdrawalRow), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await reviewWithdrawal(app.ctx.db, {
          projectId: currentProject(request).id,
          id: request.params.id,
          decision: request.body.decision,
          note: request.body.note?.trim() || null,
          reviewerId: currentUser(request).id,
          now: app.ctx.now().toISOString(),
        }),
      ),
  );
};
