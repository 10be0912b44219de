import type { Kysely } from 'kysely';
import type { AdsStrategyConfig } from '../../engine/ads/strategyUrls';
import type { Database } from '../db/tables';
import { AppError } from '../errors';
import type { ListConfig } from '../lists/entityListRoutes';
import { adUrlIds, configUrls, upsertAdUrls } from './adUrls';
import { STRATEGY_PATH_PREFIX } from './strategyLinkHost';
import { shareSeed, shareWindow, strategyShares, urlFigures } from './strategyShares';

export const asStrategyConfig = (config: ListConfig) => config as unknown as AdsStrategyConfig;

/** A strategy's summary (the list columns); `serveUrl` comes from the page's extra data. */
export function strategySummary(
  row: { name: string; number?: unknown },
  config: ListConfig,
  serveUrl: string,
) {
  const strategy = asStrategyConfig(config);
  const enabled = (strategy.languages ?? []).filter((entry) => entry.enabled);
  return {
    number: Number(row.number ?? 0),
    name: row.name,
    type: strategy.type === 'by-language' ? ('by-language' as const) : ('general' as const),
    distribution: strategy.distribution === 'ai' ? ('ai' as const) : ('custom' as const),
    urlCount:
      strategy.type === 'by-language'
        ? enabled.reduce((n, entry) => n + (entry.urls?.length ?? 0), 0)
        : (strategy.urls?.length ?? 0),
    languages: strategy.type === 'by-language' ? enabled.map((entry) => entry.language) : [],
    serveUrl,
  };
}

/** The number a new strategy of the project takes: its highest number + 1 (1 for the first). */
export async function nextStrategyNumber(db: Kysely<Database>, projectId: string): Promise<number> {
  const top = await db
    .selectFrom('ads_strategies')
    .select((eb) => eb.fn.max('number').as('top'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(top?.top ?? 0) + 1;
}

/**
 * The public serve addresses of strategies, by id (`{ serveUrl }`, the list's extra data):
 * `baseUrl` of the project's link prefix + `/s/:id`. Ids of no strategy are left out.
 */
export async function strategyServeUrls(
  db: Kysely<Database>,
  ids: readonly string[],
  baseUrl: (prefix: string) => string,
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('ads_strategies')
    .innerJoin('projects', 'projects.id', 'ads_strategies.project_id')
    .select(['ads_strategies.id as id', 'projects.domain_prefix as prefix'])
    .where('ads_strategies.id', 'in', ids)
    .execute();
  for (const row of rows)
    out.set(row.id, { serveUrl: `${baseUrl(row.prefix)}${STRATEGY_PATH_PREFIX}${row.id}` });
  return out;
}

/** Gives every URL a saved strategy config names its `ad_urls` row (those already there stay). */
export function saveStrategyUrls(
  db: Kysely<Database>,
  projectId: string,
  strategyId: string,
  config: ListConfig,
  now: Date,
): Promise<void> {
  return upsertAdUrls(db, projectId, strategyId, configUrls(asStrategyConfig(config)), now.toISOString());
}

/**
 * A strategy's shares answer: its distribution, the last 7 local days of the project's rollup
 * zone up to `now`, and the shares of every URL with their figures (404 for another project's
 * or no such strategy).
 */
export async function strategySharesAnswer(
  db: Kysely<Database>,
  project: { id: string; rollupTimeZone: string },
  id: string,
  now: Date,
) {
  const row = await db
    .selectFrom('ads_strategies')
    .select(['id', 'config'])
    .where('id', '=', id)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  const config = JSON.parse(row.config) as AdsStrategyConfig;
  const window = shareWindow(now, project.rollupTimeZone);
  const [urlIds, figures] = await Promise.all([
    adUrlIds(db, row.id),
    urlFigures(
      db,
      { id: row.id, projectId: project.id },
      window.fromDay,
      window.toDay,
      project.rollupTimeZone,
    ),
  ]);
  return {
    distribution: config.distribution === 'ai' ? ('ai' as const) : ('custom' as const),
    window: { from: window.from, to: window.to },
    urls: strategyShares(config, urlIds, figures, shareSeed(row.id, window.toDay)),
  };
}
