import type { Kysely } from 'kysely';
import type { AdsStrategyConfig } from '../../engine/ads/strategyUrls';
import type { Database } from '../db/tables';
import { redirectFallbacks } from '../redirect/loadResolvedLink';
import { adUrlIds, configUrls, upsertAdUrls } from './adUrls';
import { readAdsSettings } from './adsSettings';
import { buildServedStrategy, type ServedStrategy } from './servedStrategy';
import { aiWeights, shareSeed, shareWindow, strategyShares, urlFigures } from './strategyShares';

/**
 * Builds the strategy cache's loader: a strategy id -> everything a serve needs (its project and
 * link prefix, the module switch, the prepared URLs of each language group with their `ad_urls`
 * ids, the AI weights of an ai strategy over the last 7 days, the redirect settings' default),
 * or null when there is no such strategy.
 */
export function servedStrategyLoader(db: Kysely<Database>, now: () => Date) {
  return async function loadServedStrategy(id: string): Promise<ServedStrategy | null> {
    const row = await db
      .selectFrom('ads_strategies')
      .innerJoin('projects', 'projects.id', 'ads_strategies.project_id')
      .select([
        'ads_strategies.id as id',
        'ads_strategies.project_id as projectId',
        'ads_strategies.config as config',
        'projects.domain_prefix as prefix',
        'projects.rollup_time_zone as zone',
      ])
      .where('ads_strategies.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const config = JSON.parse(row.config) as AdsStrategyConfig;
    const [settings, fallbacks] = await Promise.all([
      readAdsSettings(db, row.projectId),
      redirectFallbacks(db, row.projectId),
    ]);
    let urlIds = await adUrlIds(db, id);
    // Every save writes the rows; a URL still without one (a save that raced a delete) gets it here.
    const missing = configUrls(config).filter((url) => !urlIds.has(url));
    if (missing.length > 0) {
      await upsertAdUrls(db, row.projectId, id, missing, now().toISOString());
      urlIds = await adUrlIds(db, id);
    }
    let weights: Map<string, Map<string, number>> | undefined;
    if (config.distribution === 'ai') {
      const window = shareWindow(now(), row.zone);
      const figures = await urlFigures(
        db,
        { id, projectId: row.projectId },
        window.fromDay,
        window.toDay,
        row.zone,
      );
      weights = aiWeights(strategyShares(config, urlIds, figures, shareSeed(id, window.toDay)));
    }
    return buildServedStrategy({
      id,
      projectId: row.projectId,
      prefix: row.prefix,
      enabled: settings.enabled,
      zone: row.zone,
      config,
      urlIds,
      weights,
      fallbackUrl: fallbacks.default,
    });
  };
}
