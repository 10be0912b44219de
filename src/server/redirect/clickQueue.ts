import type { FastifyBaseLogger } from 'fastify';
import { ClickBatchBuilder, type ClickBatch, type PendingClick } from './clickRows';
import type { ClickWriter } from './clickWriters';

export type { PendingClick } from './clickRows';

export interface ClickQueueOptions {
  writer: ClickWriter;
  log: FastifyBaseLogger;
  /** Hand clicks to the writer at least this often (default 1000 ms). */
  intervalMs?: number;
  /** Clicks per batch; a full batch is handed over at once (default 500). */
  batchSize?: number;
  /** Clicks kept while the writer cannot take them; the oldest go first (default 100 000). */
  maxPending?: number;
}

/**
 * Clicks are encoded into batches as they come and handed to the writer (every second, when a
 * batch is full, and on close), so the redirect never waits on the database.
 */
export class ClickQueue {
  private building: ClickBatchBuilder;
  private ready: ClickBatch[] = [];
  private readyClicks = 0;
  private handing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private readonly batchSize: number;
  private readonly maxPending: number;

  constructor(private readonly options: ClickQueueOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.maxPending = options.maxPending ?? 100_000;
    this.building = new ClickBatchBuilder(this.batchSize);
    this.timer = setInterval(() => void this.handOver(), options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** Clicks not handed to the writer yet. */
  get size(): number {
    return this.building.size + this.readyClicks;
  }

  push(click: PendingClick): void {
    this.building.add(click);
    if (this.building.size >= this.batchSize) {
      this.seal();
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.handOver(false);
        });
      }
    }
  }

  /** Resolves when every click pushed so far is stored and can be queried (or logged as lost). */
  async flush(): Promise<void> {
    await this.handOver();
    await this.options.writer.settle();
  }

  /**
   * Hands the waiting clicks to the writer (only full batches when `partial` is false: a full
   * batch under load does not take the few clicks behind it along); resolves when it has them.
   */
  private handOver(partial = true): Promise<void> {
    this.handing = this.handing.then(async () => {
      if (partial) this.seal();
      while (this.ready.length > 0) {
        const batch = this.ready.shift() as ClickBatch;
        this.readyClicks -= batch.count;
        await this.options.writer.write(batch);
      }
    });
    return this.handing;
  }

  private seal() {
    const batch = this.building.take();
    if (!batch) return;
    this.ready.push(batch);
    this.readyClicks += batch.count;
    let dropped = 0;
    while (this.readyClicks > this.maxPending && this.ready.length > 1) {
      const oldest = this.ready.shift() as ClickBatch;
      this.readyClicks -= oldest.count;
      dropped += oldest.count;
    }
    if (dropped > 0) this.options.log.warn({ dropped }, 'click queue full: oldest clicks dropped');
  }

  /** Stops the timer, hands over what is left and closes the writer (which stores it all). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.handOver();
    await this.options.writer.close();
  }
}
