import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope';
import { dateRange } from '../../links/dateRange';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { requireAdsAdvanced } from '../adsAccess';
import { cashOverview } from './cashOverview';
import { incomeSettings } from './incomeSettings';
import { offerwallUsers } from './offerwallUsers';
import { reviewWithdrawal, withdrawalList } from './withdrawals';
import {
  CashOverviewSchema,
  OfferwallUsersSchema,
  ReviewWithdrawalSchema,
  WithdrawalsSchema,
} from './cashSchemas';

/** Days a cash overview may span (its figures are sums, not a scan of raw events). */
const MAX_CASH_DAYS = 92;

/** The operator's offerwall pages: users, the cash overview, withdrawals and their review. */
export const cashRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/ads/offerwall/users',
    { onRequest: requireProject('view'), schema: OfferwallUsersSchema },
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
    { onRequest: requireProject('view'), schema: CashOverviewSchema },
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
    { onRequest: requireProject('view'), schema: WithdrawalsSchema },
    async (request) => {
      const project = currentProject(request);
      return ok(await withdrawalList(app.ctx.db, project.id, request.query, project.adsAdvanced));
    },
  );

  app.post(
    '/api/ads/cash/withdrawals/:id/review',
    { onRequest: [requireProject('edit'), requireAdsAdvanced], schema: ReviewWithdrawalSchema },
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
