import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ClickBatch } from './clickRows';
import type { ClickWriter } from './clickWriters';

interface Answer {
  /** 0 for news the thread sends of itself (a load that lost clicks, a load that must wait). */
  seq: number;
  journaled?: number;
  settled?: true;
  lost?: number;
  errors?: string[];
  warning?: string;
}

/** What the thread was sent and not yet answered: a batch, or a settle or close request. */
interface Waiting {
  batch: ClickBatch | null;
  done: () => void;
}

export interface WorkerClickWriterOptions {
  /** The SQLite database file. */
  file: string;
  log: FastifyBaseLogger;
  /** Takes over when the thread cannot start or dies; batches it had not confirmed go there. */
  fallback: () => ClickWriter;
  busyTimeoutMs?: number;
  /**
   * Clicks the journal may hold while the request thread is busy; past it they are loaded
   * anyway (default 500 000, about ten seconds of a burst at full speed on two cores).
   */
  maxBacklog?: number;
}

/**
 * Records clicks in an SQLite file from a worker thread with its own connection
 * (`sqliteClickWriter.worker.mjs`): batches go into the click journal at once and are loaded
 * into the clicks table when the request thread is not busy, so neither the synchronous inserts
 * nor their CPU stand in the way of redirects. Each batch carries how busy this thread was since
 * the last one (its event loop utilisation). The thread is referenced only while it holds
 * unanswered requests: an idle writer never keeps the process alive.
 */
export class WorkerClickWriter implements ClickWriter {
  private readonly worker: Worker;
  private seq = 0;
  private readonly waiting = new Map<number, Waiting>();
  private fallback: ClickWriter | undefined;
  private closing: Promise<void> | undefined;
  private utilization: EventLoopUtilization = performance.eventLoopUtilization();

  constructor(private readonly options: WorkerClickWriterOptions) {
    this.worker = new Worker(new URL('./sqliteClickWriter.worker.mjs', import.meta.url), {
      workerData: {
        file: options.file,
        busyTimeoutMs: options.busyTimeoutMs ?? 5000,
        maxBacklog: options.maxBacklog ?? 500_000,
      },
    });
    this.worker.unref();
    this.worker.on('message', (answer: Answer) => this.answered(answer));
    this.worker.on('error', (error) => {
      options.log.error({ err: error }, 'click writer thread failed: clicks are written on the main thread');
      this.failOver();
    });
    this.worker.on('exit', (code) => {
      if (this.waiting.size > 0 || (!this.closing && code !== 0)) this.failOver();
    });
  }

  write(batch: ClickBatch): Promise<void> {
    if (this.closing) this.failOver();
    if (this.fallback) return this.fallback.write(batch);
    const since = this.utilization;
    this.utilization = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(this.utilization, since).utilization;
    return this.send(batch, { batch, busy });
  }

  settle(): Promise<void> {
    if (this.fallback) return this.fallback.settle();
    return this.send(null, { settle: true });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // The thread loads its whole journal before it answers "close".
      if (!this.fallback) await this.send(null, { close: true });
      await this.worker.terminate();
      if (this.fallback) await this.fallback.close();
    })();
    return this.closing;
  }

  private send(batch: ClickBatch | null, message: object): Promise<void> {
    return new Promise<void>((done) => {
      const seq = ++this.seq;
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(seq, { batch, done });
      this.worker.postMessage({ seq, ...message });
    });
  }

  private answered(answer: Answer) {
    if (answer.lost) {
      this.options.log.warn({ lost: answer.lost, errors: answer.errors }, 'clicks not stored');
    }
    if (answer.warning) this.options.log.warn(answer.warning);
    const entry = this.waiting.get(answer.seq);
    if (!entry) return;
    this.waiting.delete(answer.seq);
    if (this.waiting.size === 0) this.worker.unref();
    entry.done();
  }

  /**
   * The thread is gone: its unconfirmed batches and every later one go to the fallback. Clicks
   * it had journaled stay in the journal, which the next start's writer loads.
   */
  private failOver() {
    if (this.fallback) return;
    const fallback = this.options.fallback();
    this.fallback = fallback;
    const unconfirmed = [...this.waiting.values()];
    this.waiting.clear();
    for (const entry of unconfirmed) {
      if (entry.batch) void fallback.write(entry.batch).then(entry.done);
      else entry.done();
    }
  }
}
