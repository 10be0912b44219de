import type { FastifyBaseLogger } from 'fastify';
import { clickRow, type PendingClick } from './clickRows';
import type { ClickWriter } from './clickWriters';

export type { PendingClick } from './clickRows';

export interface ClickQueueOptions {
  writer: ClickWriter;
  log: FastifyBaseLogger;
  /** Flush at least this often (default 1000 ms). */
  intervalMs?: number;
  /** Flush as soon as this many clicks wait (default 500). */
  batchSize?: number;
  /** Clicks kept while the database is unreachable; the oldest go first (default 100 000). */
  maxPending?: number;
}

/**
 * Clicks wait in memory and are handed to the writer in batches (every second, at 500 waiting,
 * and on close), so the redirect never waits on the database.
 */
export class ClickQueue {
  private pending: PendingClick[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private readonly batchSize: number;
  private readonly maxPending: number;

  constructor(private readonly options: ClickQueueOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.maxPending = options.maxPending ?? 100_000;
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 1000);
    this.timer.unref();
  }

  get size(): number {
    return this.pending.length;
  }

  push(click: PendingClick): void {
    this.pending.push(click);
    if (this.pending.length > this.maxPending) {
      const dropped = this.pending.splice(0, this.pending.length - this.maxPending);
      this.options.log.warn({ dropped: dropped.length }, 'click queue full: oldest clicks dropped');
    }
    if (this.pending.length >= this.batchSize && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  /** Writes every waiting click; resolves when they are stored (or logged as lost). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    while (this.pending.length > 0) {
      await this.options.writer.write(this.pending.splice(0, this.batchSize).map(clickRow));
    }
  }

  /** Stops the timer, writes what is left and closes the writer. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    await this.options.writer.close();
  }
}
