import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { ApiRequestLogsTable } from './sdkTables';

export interface RequestLogQueueOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Flush at least this often (default 1000 ms; 0 = only on demand and at 200 waiting). */
  intervalMs?: number;
  /** Days a log row is kept (default 30). */
  keepDays?: number;
}

const BATCH = 200;
const ROWS_PER_INSERT = 50;
const MAX_PENDING = 20_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * API request log rows wait in memory and are written in batches (every second, at 200 waiting,
 * and on close), so an SDK call never waits on its own log line.
 */
export class RequestLogQueue {
  private pending: Insertable<ApiRequestLogsTable>[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private lastPrune = 0;

  constructor(private readonly options: RequestLogQueueOptions) {
    const interval = options.intervalMs ?? 1000;
    if (interval > 0) {
      this.timer = setInterval(() => void this.flush(), interval);
      this.timer.unref();
    }
  }

  push(row: Insertable<ApiRequestLogsTable>): void {
    this.pending.push(row);
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
    if (this.pending.length >= BATCH && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  /** Writes every waiting row; resolves when stored (or logged as lost). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const { db, log } = this.options;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, ROWS_PER_INSERT);
      try {
        await db.insertInto('api_request_logs').values(batch).execute();
      } catch (error) {
        // A project deleted meanwhile must not lose the other rows.
        for (const row of batch) {
          await db
            .insertInto('api_request_logs')
            .values(row)
            .execute()
            .catch(() => log.debug({ err: error, project: row.project_id }, 'request log row not stored'));
        }
      }
    }
    const now = this.options.now().getTime();
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      const cutoff = new Date(now - (this.options.keepDays ?? 30) * 86_400_000).toISOString();
      await db
        .deleteFrom('api_request_logs')
        .where('time', '<', cutoff)
        .execute()
        .catch((error: unknown) => log.warn({ err: error }, 'request log pruning failed'));
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
