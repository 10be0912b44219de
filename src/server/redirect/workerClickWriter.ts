import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { SQLITE_INSERT_CLICK, type ClickValues } from './clickRows';
import type { ClickWriter } from './clickWriters';

interface Answer {
  seq: number;
  stored?: number;
  lost?: number;
  errors?: string[];
  closed?: true;
}

export interface WorkerClickWriterOptions {
  /** The SQLite database file. */
  file: string;
  log: FastifyBaseLogger;
  /** Takes over when the thread cannot start or dies; batches it had not confirmed go there. */
  fallback: () => ClickWriter;
  busyTimeoutMs?: number;
}

/**
 * Writes clicks into an SQLite file from a worker thread with its own connection, so the
 * synchronous inserts never run on the thread that answers redirects. The thread is referenced
 * only while it holds unconfirmed batches: an idle writer never keeps the process alive.
 */
export class WorkerClickWriter implements ClickWriter {
  private readonly worker: Worker;
  private seq = 0;
  private readonly waiting = new Map<number, { rows: ClickValues[] | null; done: () => void }>();
  private fallback: ClickWriter | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: WorkerClickWriterOptions) {
    this.worker = new Worker(new URL('./sqliteClickWriter.worker.mjs', import.meta.url), {
      workerData: {
        file: options.file,
        sql: `${SQLITE_INSERT_CLICK} on conflict ("id") do nothing`,
        busyTimeoutMs: options.busyTimeoutMs ?? 5000,
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

  write(rows: ClickValues[]): Promise<void> {
    if (this.closing) this.failOver();
    if (this.fallback) return this.fallback.write(rows);
    return this.send(rows);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // The thread answers in order: the answer to "close" follows every earlier batch's.
      if (!this.fallback) await this.send(null);
      await this.worker.terminate();
      if (this.fallback) await this.fallback.close();
    })();
    return this.closing;
  }

  private send(rows: ClickValues[] | null): Promise<void> {
    return new Promise<void>((done) => {
      const seq = ++this.seq;
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(seq, { rows, done });
      // One JSON text crosses to the thread: cheaper on this thread than cloning the arrays.
      this.worker.postMessage(rows ? { seq, rows: JSON.stringify(rows) } : { seq, close: true });
    });
  }

  private answered(answer: Answer) {
    const entry = this.waiting.get(answer.seq);
    if (!entry) return;
    this.waiting.delete(answer.seq);
    if (this.waiting.size === 0) this.worker.unref();
    if (answer.lost) {
      this.options.log.warn({ lost: answer.lost, errors: answer.errors }, 'clicks not stored');
    }
    entry.done();
  }

  /** The thread is gone: its unconfirmed batches and every later one go to the fallback. */
  private failOver() {
    if (this.fallback) return;
    const fallback = this.options.fallback();
    this.fallback = fallback;
    const unconfirmed = [...this.waiting.values()];
    this.waiting.clear();
    for (const entry of unconfirmed) {
      if (entry.rows) void fallback.write(entry.rows).then(entry.done);
      else entry.done();
    }
  }
}
