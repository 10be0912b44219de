import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { placeholderRows, runBatchStatement } from '../sdk/batchStatement';
import { rollupTimeZone } from '../sdk/ingestEvents';
import {
  CLICK_COLUMNS,
  REQUEST_COLUMNS,
  clickValues,
  requestValues,
  type RowValues,
  type ServeBatch,
  type ServeWriter,
} from './serveRows';

// Rows per statement: far below both databases' bind limits, short enough not to hold the loop.
const ROWS_PER_INSERT = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes the serve queue's batches through the app's Kysely connection (PostgreSQL, whose server
 * works in its own process, and in-memory SQLite): one transaction per batch, each row once
 * (`ON CONFLICT DO NOTHING`). Days are counted in each project's rollup zone read in that
 * transaction under the share lock a time zone change waits for (like SDK events). A batch that
 * fails (a strategy deleted meanwhile) is written again row by row, the refused rows logged.
 */
export class KyselyServeWriter implements ServeWriter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async write(batch: ServeBatch): Promise<void> {
    try {
      await this.db.transaction().execute((trx) => this.insert(trx, batch));
    } catch {
      for (const request of batch.requests)
        await this.insert(this.db, { requests: [request], clicks: [] }).catch((error: unknown) =>
          this.log.warn({ err: error, request: request.id }, 'ad request not stored'),
        );
      for (const click of batch.clicks)
        await this.insert(this.db, { requests: [], clicks: [click] }).catch((error: unknown) =>
          this.log.warn({ err: error, request: click.requestId }, 'ad click not stored'),
        );
    }
  }

  private async insert(db: Kysely<Database>, batch: ServeBatch): Promise<void> {
    const zones = new Map<string, string>();
    for (const row of [...batch.requests, ...batch.clicks])
      if (!zones.has(row.projectId)) zones.set(row.projectId, await rollupTimeZone(db, row.projectId));
    const zoneOf = (projectId: string) => zones.get(projectId) ?? 'UTC';
    await this.run(
      db,
      'adRequests',
      batch.requests.map((r) => requestValues(r, zoneOf(r.projectId))),
      (q, n) =>
        q
          .insertInto('ad_requests')
          .values(placeholderRows(REQUEST_COLUMNS, n) as never)
          .onConflict((oc) => oc.column('id').doNothing()),
    );
    await this.run(
      db,
      'adClicks',
      batch.clicks.map((c) => clickValues(c, zoneOf(c.projectId))),
      (q, n) =>
        q
          .insertInto('ad_clicks')
          .values(placeholderRows(CLICK_COLUMNS, n) as never)
          .onConflict((oc) => oc.column('request_id').doNothing()),
    );
  }

  // A turn of the event loop between statements: serves do not wait behind a whole batch.
  private async run(
    db: Kysely<Database>,
    name: string,
    rows: RowValues[],
    build: Parameters<typeof runBatchStatement>[3],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await runBatchStatement(db, name, rows.slice(i, i + ROWS_PER_INSERT), build);
      await nextTurn();
    }
  }

  async close(): Promise<void> {}
}
