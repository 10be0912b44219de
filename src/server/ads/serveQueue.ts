import type { FastifyBaseLogger } from 'fastify';
import type { QueuedClick, QueuedRequest, ServeBatch, ServeWriter } from './serveRows';

export type { QueuedClick, QueuedRequest } from './serveRows';

export interface ServeQueueOptions {
  writer: ServeWriter;
  log: FastifyBaseLogger;
  /** Write at least this often (default 1000 ms). */
  intervalMs?: number;
  /** Rows (requests and clicks) per batch; a full batch is written at once (default 500). */
  batchSize?: number;
  /** Rows kept while the database cannot take them; the oldest go first (default 200 000). */
  maxPending?: number;
}

/**
 * The serving path's recorder: requests and clicks wait in memory and go to the writer in batches
 * (every second, when 500 rows wait, on `flush()` and on close), one transaction per batch, each
 * row once (`ON CONFLICT DO NOTHING`), so a serve never waits on the database. A request's day is
 * its local day in the project's rollup zone as of the batch's transaction (see the writers). A
 * crash loses what waits: at most about a second of requests and clicks, never money (income is
 * written by its own requests).
 */
export class ServeQueue {
  private requests: QueuedRequest[] = [];
  private clicks: QueuedClick[] = [];
  /** Requests not in the database yet (waiting or being written), by id: a click may name one. */
  private readonly unwritten = new Map<string, QueuedRequest>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private readonly batchSize: number;
  private readonly maxPending: number;

  constructor(private readonly options: ServeQueueOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.maxPending = options.maxPending ?? 200_000;
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** Rows waiting to be written. */
  get size(): number {
    return this.requests.length + this.clicks.length;
  }

  pushRequest(request: QueuedRequest): void {
    this.requests.push(request);
    this.unwritten.set(request.id, request);
    this.afterPush();
  }

  pushClick(click: QueuedClick): void {
    this.clicks.push(click);
    this.afterPush();
  }

  /** A request not written yet (its click may come before the batch is). */
  unwrittenRequest(id: string): QueuedRequest | undefined {
    return this.unwritten.get(id);
  }

  private afterPush() {
    const size = this.size;
    if (size > this.maxPending) this.dropOldest();
    if (size >= this.batchSize && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  private dropOldest() {
    const dropped = this.requests.splice(0, this.batchSize);
    for (const request of dropped) this.unwritten.delete(request.id);
    const gone = new Set(dropped.map((r) => r.id));
    const before = this.clicks.length;
    this.clicks = this.clicks.filter((click) => !gone.has(click.requestId));
    this.options.log.warn(
      { dropped: dropped.length + before - this.clicks.length },
      'ad serve queue full: oldest requests dropped',
    );
  }

  /** Resolves when every row pushed so far is written (or logged as lost). */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      while (this.size > 0) {
        const batch = this.take();
        try {
          await this.options.writer.write(batch);
        } finally {
          for (const request of batch.requests) this.unwritten.delete(request.id);
        }
      }
    });
    return this.writing;
  }

  // Up to a batch of rows, requests first; clicks only once no request waits behind the batch, so a
  // click's request is always in the same batch or an earlier one (its foreign key).
  private take(): ServeBatch {
    const requests = this.requests.splice(0, this.batchSize);
    const room = this.requests.length === 0 ? this.batchSize - requests.length : 0;
    const clicks = this.clicks.splice(0, Math.max(0, room));
    return { requests, clicks };
  }

  /** Stops the timer, writes what waits and closes the writer. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    await this.options.writer.close();
  }
}
