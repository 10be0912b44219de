import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { addServeCounts, type ServeCount } from './serveCounts';
import type { ServeWriter } from './serveQueue';

/**
 * Writes the serve queue's counters through the app's Kysely connection: one transaction per
 * batch. A batch that fails (a strategy deleted meanwhile) is written again counter by counter,
 * the refused ones logged.
 */
export class KyselyServeWriter implements ServeWriter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async write(counts: ServeCount[]): Promise<void> {
    try {
      await this.db.transaction().execute((trx) => addServeCounts(trx, counts));
    } catch {
      for (const count of counts)
        await addServeCounts(this.db, [count]).catch((error: unknown) =>
          this.log.warn(
            { err: error, strategy: count.strategyId, requests: count.requests, clicks: count.clicks },
            'ad serve counts not stored',
          ),
        );
    }
  }

  async close(): Promise<void> {}
}
