import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { AdRequestSource } from './adsTables';
import { domainTagOf, parseRequestId, quarterOf } from './requestIds';
import type { ServeQueue } from './serveQueue';

/** A served request, as its id and the counters say. */
export interface ResolvedRequest {
  id: string;
  timeMs: number;
  source: AdRequestSource;
  projectId: string;
  strategyId: string;
  urlId: string;
  domain: string;
}

export interface ResolveOptions {
  /** Only a request of this project. */
  projectId?: string;
  /**
   * The serve queue, for an id the counters miss: this server's is written (`flush`) and read
   * again; then, with several servers on one database, an id younger than `writtenWithinMs` (how
   * long after a serve the server that served it may still hold its count) is read again every
   * RETRY_MS until that time is up, so a click sent to another server right after its serve is
   * not refused.
   */
  queue?: Pick<ServeQueue, 'flush' | 'writtenWithinMs'>;
  /** The clock the id's time is compared with (default `Date.now`). */
  now?: () => number;
}

const RETRY_MS = 250;

/**
 * What a request id names (a click id a network echoes, a click URL's id), or null when it
 * is not one: its URL's `ad_urls` row gives the strategy and the project; the domain is the one of
 * that URL's counters in the id's quarter hour whose hash is the id's tag. A request served
 * moments ago may still wait in a serve queue: this server's is written, another's is waited for
 * (see `queue`). An id that no counted serve matches resolves to nothing.
 */
export async function resolveRequest(
  db: Kysely<Database>,
  id: string,
  options: ResolveOptions = {},
): Promise<ResolvedRequest | null> {
  const ref = parseRequestId(id);
  if (!ref) return null;
  let url = db.selectFrom('ad_urls').select(['project_id', 'strategy_id']).where('id', '=', ref.urlId);
  if (options.projectId !== undefined) url = url.where('project_id', '=', options.projectId);
  const row = await url.executeTakeFirst();
  if (!row) return null;
  const counted = async () =>
    (
      await db
        .selectFrom('ad_serves')
        .select('domain')
        .where('project_id', '=', row.project_id)
        .where('quarter', '=', quarterOf(ref.timeMs))
        .where('strategy_id', '=', row.strategy_id)
        .where('url_id', '=', ref.urlId)
        .execute()
    ).find((d) => domainTagOf(d.domain) === ref.domainTag);
  let found = await counted();
  const { queue } = options;
  if (!found && queue) {
    await queue.flush();
    found = await counted();
    const wait = Math.min(
      ref.timeMs + queue.writtenWithinMs - (options.now ?? Date.now)(),
      queue.writtenWithinMs,
    );
    for (let waited = 0; !found && waited < wait; waited += RETRY_MS) {
      await sleep(Math.min(RETRY_MS, wait - waited));
      found = await counted();
    }
  }
  if (!found) return null;
  return {
    id,
    timeMs: ref.timeMs,
    source: ref.source,
    projectId: row.project_id,
    strategyId: row.strategy_id,
    urlId: ref.urlId,
    domain: found.domain,
  };
}
