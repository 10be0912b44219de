// Counts the statements a process sends to PostgreSQL: every `query` of a node-postgres client
// (Kysely's PostgreSQL driver sends each statement, BEGIN and COMMIT included, as one `query`:
// one round trip each) and the time from sending it to its answer, summed. Installed by
// bench/pgQueryProbe.ts in the product's process and by the PostgreSQL anchors in their own.
import pg from 'pg';

export interface PgQueryCounts {
  /** Statements sent (each one round trip). */
  queries: number;
  /** Their time from sending to answer, summed over all connections, in milliseconds. */
  ms: number;
}

const counts: PgQueryCounts = { queries: 0, ms: 0 };
let installed = false;

/** Wraps pg.Client's query once per process; answers the live counts. */
export function countPgQueries(): PgQueryCounts {
  if (installed) return counts;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function countedQuery(this: unknown, ...args: unknown[]) {
    counts.queries += 1;
    const sent = performance.now();
    const result = query.apply(this, args);
    if (result instanceof Promise)
      return result.finally(() => {
        counts.ms += performance.now() - sent;
      });
    return result;
  };
  return counts;
}
