import type { FastifyBaseLogger } from 'fastify';
import { quarterOf } from './requestIds';
import type { ServeCount } from './serveCounts';

export type { ServeCount } from './serveCounts';

/** Where the serve queue's counters go. */
export interface ServeWriter {
  /** Resolves once the counts are stored (or what could not be is logged as lost). */
  write(counts: ServeCount[]): Promise<void>;
  /** Lets go of its resources once everything it was given is stored. */
  close(): Promise<void>;
}

export interface ServeQueueOptions {
  writer: ServeWriter;
  log: FastifyBaseLogger;
  /** Write at least this often (default 1000 ms). */
  intervalMs?: number;
  /** Counters held before they are written at once (default 2000: many domains in a second). */
  maxCounters?: number;
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// The primary key's order: two writers' transactions on one database never wait on each other
// in a cycle (no deadlock between servers).
const byKey = (a: ServeCount, b: ServeCount) =>
  text(a.projectId, b.projectId) ||
  a.quarter - b.quarter ||
  text(a.strategyId, b.strategyId) ||
  text(a.urlId, b.urlId) ||
  text(a.domain, b.domain);

/**
 * The serving path's recorder: a serve adds one to a counter in memory (its quarter hour,
 * strategy, URL and page domain) and the counters go to the writer every second (or when 2000
 * wait, on `flush()` and on close), one transaction per batch, added to the stored ones. A serve
 * never waits on the database and a batch is a few rows however many serves it holds. A crash
 * loses what waits: at most about a second of counts, never money (income is written by its own
 * requests, with the facts of its request from the request's id).
 */
export class ServeQueue {
  private counters = new Map<string, ServeCount>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private readonly maxCounters: number;
  /** A serve counted now is in the database within this long: the interval and a second to write. */
  readonly writtenWithinMs: number;

  constructor(private readonly options: ServeQueueOptions) {
    this.maxCounters = options.maxCounters ?? 2000;
    const intervalMs = options.intervalMs ?? 1000;
    this.writtenWithinMs = intervalMs + 1000;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Counters waiting to be written. */
  get size(): number {
    return this.counters.size;
  }

  /** Counts a request (and, when `clicks` is 1, its click) of a strategy's URL ('' unmatched). */
  count(
    projectId: string,
    strategyId: string,
    urlId: string,
    timeMs: number,
    domain: string,
    clicks: 0 | 1,
  ): void {
    const quarter = quarterOf(timeMs);
    const key = `${strategyId}\n${urlId}\n${quarter}\n${domain}`;
    const counter = this.counters.get(key);
    if (counter) {
      counter.requests += 1;
      counter.clicks += clicks;
      return;
    }
    this.counters.set(key, { projectId, strategyId, urlId, quarter, domain, requests: 1, clicks });
    if (this.counters.size >= this.maxCounters && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  /** Resolves when every count made so far is written (or logged as lost). */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.counters.size === 0) return;
      const counts = [...this.counters.values()];
      this.counters = new Map();
      counts.sort(byKey);
      await this.options.writer
        .write(counts)
        .catch((error: unknown) =>
          this.options.log.error({ err: error, counters: counts.length }, 'ad serve counts not stored'),
        );
    });
    return this.writing;
  }

  /** Stops the timer, writes what waits and closes the writer. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    await this.options.writer.close();
  }
}
