import type { Kysely } from 'kysely';
import type { AdsStrategyConfig } from '../../engine/ads/strategyUrls';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';

/** Every URL a strategy config names (general links and every language's, enabled or not), once. */
export function configUrls(config: AdsStrategyConfig): string[] {
  const urls = new Set<string>();
  for (const entry of config.urls ?? []) if (typeof entry?.url === 'string') urls.add(entry.url);
  for (const language of config.languages ?? [])
    for (const entry of language?.urls ?? []) if (typeof entry?.url === 'string') urls.add(entry.url);
  return [...urls];
}

/**
 * Gives each URL of a strategy its `ad_urls` row (one per URL the strategy ever named, kept when
 * the URL leaves the config so reports by URL keep old figures); rows already there stay as they are.
 */
export async function upsertAdUrls(
  db: Kysely<Database>,
  projectId: string,
  strategyId: string,
  urls: readonly string[],
  time: string,
): Promise<void> {
  if (urls.length === 0) return;
  await db
    .insertInto('ad_urls')
    .values(
      urls.map((url) => ({
        id: randomId(),
        project_id: projectId,
        strategy_id: strategyId,
        url,
        created_at: time,
      })),
    )
    .onConflict((oc) => oc.columns(['strategy_id', 'url']).doNothing())
    .execute();
}

/** A strategy's `ad_urls` ids by URL. */
export async function adUrlIds(db: Kysely<Database>, strategyId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('ad_urls')
    .select(['id', 'url'])
    .where('strategy_id', '=', strategyId)
    .execute();
  return new Map(rows.map((row) => [row.url, row.id]));
}
