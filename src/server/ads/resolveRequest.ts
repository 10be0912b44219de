import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { AdRequestSource } from './adsTables';
import { domainTagOf, parseRequestId, quarterOf } from './requestIds';

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
  /** Writes what this server's serve queue holds: called once when the counters miss the id. */
  flush?: () => Promise<void>;
  /**
   * With several servers on one database: how long after a serve the server that served it may
   * still hold its count (its serve queue's interval and the write). An id younger than this that
   * still misses is read again until that time is up (waiting at most this long), so a click
   * sent to another server right after its serve is not refused.
   */
  otherServersMs?: number;
  /** The clock the id's time is compared with (default `Date.now`). */
  now?: () => number;
}

const RETRY_MS = 250;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The served request an id names (a click id a network echoes, a click URL's id), or null when it
 * is not one: its URL's `ad_urls` row gives the strategy and the project; the domain is the one of
 * that URL's counters in the id's quarter hour whose hash is the id's tag. A request served
 * moments ago may still wait in the serve queue: `flush` writes it, then the counters are read
 * again; one served by another server moments ago is read again once that server has written it
 * (`otherServersMs`). An id that no counted serve matches resolves to nothing.
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
  const domains = () =>
    db
      .selectFrom('ad_serves')
      .select('domain')
      .where('project_id', '=', row.project_id)
      .where('quarter', '=', quarterOf(ref.timeMs))
      .where('strategy_id', '=', row.strategy_id)
      .where('url_id', '=', ref.urlId)
      .execute();
  let found = (await domains()).find((d) => domainTagOf(d.domain) === ref.domainTag);
  if (!found && options.flush) {
    await options.flush();
    found = (await domains()).find((d) => domainTagOf(d.domain) === ref.domainTag);
  }
  if (!found && options.otherServersMs) {
    // Read again every RETRY_MS until the serving server must have written it.
    const wait = Math.min(
      ref.timeMs + options.otherServersMs - (options.now ?? Date.now)(),
      options.otherServersMs,
    );
    for (let waited = 0; !found && waited < wait; waited += RETRY_MS) {
      await sleep(Math.min(RETRY_MS, wait - waited));
      found = (await domains()).find((d) => domainTagOf(d.domain) === ref.domainTag);
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
