import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Requests and clicks to add to one `ad_serves` counter. */
export interface ServeCount {
  projectId: string;
  strategyId: string;
  /** '' = unmatched. */
  urlId: string;
  quarter: number;
  domain: string;
  requests: number;
  clicks: number;
}

// Rows per statement: far below both databases' bind limits.
const ROWS_PER_UPSERT = 100;

/**
 * Adds counts to their `ad_serves` rows (created at the first count): one statement per hundred
 * counters, `requests = requests + excluded.requests`, so concurrent writers (two servers on one
 * PostgreSQL) add up and never overwrite each other. Run it inside a transaction for all-or-none.
 */
export async function addServeCounts(db: Kysely<Database>, counts: readonly ServeCount[]): Promise<void> {
  for (let i = 0; i < counts.length; i += ROWS_PER_UPSERT)
    await db
      .insertInto('ad_serves')
      .values(
        counts.slice(i, i + ROWS_PER_UPSERT).map((c) => ({
          project_id: c.projectId,
          quarter: c.quarter,
          strategy_id: c.strategyId,
          url_id: c.urlId,
          domain: c.domain,
          requests: c.requests,
          clicks: c.clicks,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['project_id', 'quarter', 'strategy_id', 'url_id', 'domain']).doUpdateSet((eb) => ({
          requests: eb('ad_serves.requests', '+', eb.ref('excluded.requests')),
          clicks: eb('ad_serves.clicks', '+', eb.ref('excluded.clicks')),
        })),
      )
      .execute();
}
