import type { FastifyPluginAsync } from 'fastify';
import { adAccountRoutes } from './adAccountRoutes';
import { adsServeRoutes } from './adsServeRoutes';
import { adsSettingsRoutes } from './adsSettingsRoutes';
import { servedStrategyLoader } from './loadServedStrategy';
import { KyselyServeWriter } from './kyselyServeWriter';
import { ServeQueue } from './serveQueue';
import { StrategyCache } from './strategyCache';
import { STRATEGY_PATH_PREFIX, strategyLinkHost } from './strategyLinkHost';
import { strategyRoutes } from './strategyRoutes';

/** The serving machinery other code reaches as `app.adsServing` (tests flush its queue). */
export interface AdsServing {
  cache: StrategyCache;
  queue: ServeQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    adsServing: AdsServing;
  }
}

export interface AdsSetupOptions {
  /** How often the serve counters are written (default 1000 ms). */
  serveFlushMs?: number;
}

/**
 * Ads set-up: the settings and module switch, ad accounts, strategies and
 * their serving: `{prefix}.{LINK_HOST}/s/:id` on the redirector's fast path, and the public serve
 * and click API. Needs `app.deepLinks` (registered after the deep-link routes).
 */
export const adsSetupRoutes: FastifyPluginAsync<AdsSetupOptions> = async (app, options) => {
  const { db, now } = app.ctx;
  const cache = new StrategyCache({ load: servedStrategyLoader(db, now) });
  const queue = new ServeQueue({
    writer: new KyselyServeWriter(db, app.log),
    log: app.log,
    intervalMs: options.serveFlushMs,
  });
  app.decorate('adsServing', { cache, queue } satisfies AdsServing);
  // Written while the database is still open (the root's onClose hooks close it).
  app.addHook('preClose', async () => queue.flush());
  app.addHook('onClose', async () => queue.close());
  app.deepLinks.addPathHandler(STRATEGY_PATH_PREFIX, strategyLinkHost(app, cache, queue));

  await app.register(adsSettingsRoutes(cache));
  await app.register(adAccountRoutes);
  await app.register(strategyRoutes(cache));
  await app.register(adsServeRoutes(cache, queue));
};

// Like fastify-plugin: `app.adsServing` is visible to the app (tests, reports that flush first).
(adsSetupRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
