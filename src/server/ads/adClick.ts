import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { safeHttpUrl } from '../links/safeHttpUrl';
import { quarterOf } from './requestIds';
import { resolveRequest, type ResolvedRequest } from './resolveRequest';
import { addServeCounts } from './serveCounts';
import type { ServeQueue } from './serveQueue';
import { splitTarget, targetOf, type ServedStrategy, type ServedUrl } from './servedStrategy';
import type { StrategyCache } from './strategyCache';

/**
 * The URL a served request named: the strategy's own, or, when the URL has left the strategy
 * since the serve, its `ad_urls` row (the row still names it); null when neither is a safe
 * address of this strategy.
 */
export async function clickedUrl(
  db: Kysely<Database>,
  strategy: ServedStrategy,
  urlId: string,
): Promise<ServedUrl | null> {
  const url = strategy.byUrlId.get(urlId);
  if (url) return url;
  const row = await db
    .selectFrom('ad_urls')
    .select('url')
    .where('id', '=', urlId)
    .where('strategy_id', '=', strategy.id)
    .executeTakeFirst();
  const safe = safeHttpUrl(row?.url);
  if (!row || !safe) return null;
  return { url: row.url, urlId, ...splitTarget(safe, strategy.clickIdParam) };
}

/**
 * Counts an API serve's first click: its `ad_clicks` row and one click in the serve's own quarter
 * hour, in one transaction; a later click of the same request counts nothing. True when counted.
 */
export async function recordApiClick(
  db: Kysely<Database>,
  found: ResolvedRequest,
  time: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto('ad_clicks')
      .values({
        request_id: found.id,
        project_id: found.projectId,
        strategy_id: found.strategyId,
        time: time.toISOString(),
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .executeTakeFirst();
    if (Number(first.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await addServeCounts(trx, [
      {
        projectId: found.projectId,
        strategyId: found.strategyId,
        urlId: found.urlId,
        quarter: quarterOf(found.timeMs),
        domain: found.domain,
        requests: 0,
        clicks: 1,
      },
    ]);
    return true;
  });
}

export interface FollowClick {
  db: Kysely<Database>;
  cache: Pick<StrategyCache, 'get'>;
  /** This server's serve queue, written before a request its counters miss is read again. */
  queue: Pick<ServeQueue, 'flush' | 'writtenWithinMs'>;
  now: () => Date;
  /** False for a HEAD request: the address is answered, nothing is counted. */
  record: boolean;
}

/**
 * Where a click on a served ad goes: the URL's target with the click id, after counting an API
 * serve's first click (a link-host serve was counted as followed when it was served). Null for
 * an unknown or unmatched request, or a strategy or URL that is gone. A request another server on
 * the database served moments ago is waited for (`resolveRequest`).
 */
export async function followClick(requestId: string, options: FollowClick): Promise<string | null> {
  const { db, cache, queue, now } = options;
  const found = await resolveRequest(db, requestId, { queue, now: () => now().getTime() });
  if (!found) return null;
  const strategy = await cache.get(found.strategyId);
  if (!strategy) return null;
  const url = await clickedUrl(db, strategy, found.urlId);
  if (!url) return null;
  if (options.record && found.source === 'api') await recordApiClick(db, found, now());
  return targetOf(url, strategy.clickIdParam, requestId);
}
