import type { FastifyPluginAsync } from 'fastify';
import { accountIncomeRoutes } from './accountIncomeRoutes';
import { adReviewRoutes } from './adReviewRoutes';
import { cashRoutes } from './cashRoutes';
import { postbackRoutes } from './postbackRoutes';
import { reportRoutes } from './reportRoutes';

/**
 * Ads income: the networks' postbacks and CSV imports, the postback log, the ads
 * report and its export, ad plans and ad campaigns under review, and the operator's offerwall
 * cash pages (users, overview, withdrawals and their review).
 */
export const incomeRoutes: FastifyPluginAsync = async (app) => {
  // Its own encapsulated context: the postback keeps raw bodies and reads form bodies.
  await app.register(postbackRoutes);
  await app.register(accountIncomeRoutes);
  await app.register(reportRoutes);
  await app.register(adReviewRoutes);
  await app.register(cashRoutes);
};
