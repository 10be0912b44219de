import type { FastifyPluginAsync } from 'fastify';
import { adsSetupRoutes } from './adsSetupRoutes';
import { incomeRoutes } from './income/incomeRoutes';
import { offerwallRoutes } from './offerwall/offerwallRoutes';
import './adsTables';

/**
 * Ads monetisation: the module switch and settings, ad accounts, strategies and their
 * serving, income (postbacks, imports) and its reports, ad plans and campaigns under review, and
 * the offerwall (participant page, ledger, withdrawals and the operator's cash pages).
 */
export const adsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adsSetupRoutes);
  await app.register(incomeRoutes);
  await app.register(offerwallRoutes);
};

// Like fastify-plugin: decorations its parts share with the app (`app.adsServing`) reach it.
(adsRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
