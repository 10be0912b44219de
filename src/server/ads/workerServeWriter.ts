import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { clickValues, requestValues, type ServeBatch, type ServeWriter } from './serveRows';

interface Answer {
  seq: number;
  /** The batch was counted in zones that changed: [projectId, zone now]. Nothing was written. */
  stale?: [string, string][];
  lost?: number;
  errors?: string[];
}

interface Waiting {
  batch: ServeBatch | null;
  done: (answer: Answer) => void;
}

export interface WorkerServeWriterOptions {
  /** The SQLite database file. */
  file: string;
  log: FastifyBaseLogger;
  /** Takes over when the thread cannot start or dies; batches it had not confirmed go there. */
  fallback: () => ServeWriter;
  busyTimeoutMs?: number;
}

/** Zone changes a batch follows before it gives up (each answer names the zones of that moment). */
const MAX_RECOUNTS = 5;

/**
 * Writes the serve queue's batches into an SQLite file from a worker thread with its own
 * connection (`serveWriter.worker.mjs`), so the synchronous inserts do not take the serves' CPU.
 * This thread counts each row's day in the zone the serve knew; the worker checks those zones in
 * the batch's transaction and sends back the current ones when they changed (the batch is then
 * counted again). The thread is referenced only while it holds unanswered batches.
 */
export class WorkerServeWriter implements ServeWriter {
  private readonly worker: Worker;
  private seq = 0;
  private readonly waiting = new Map<number, Waiting>();
  private fallback: ServeWriter | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: WorkerServeWriterOptions) {
    this.worker = new Worker(new URL('./serveWriter.worker.mjs', import.meta.url), {
      workerData: { file: options.file, busyTimeoutMs: options.busyTimeoutMs ?? 5000 },
    });
    this.worker.unref();
    this.worker.on('message', (answer: Answer) => this.answered(answer));
    this.worker.on('error', (error) => {
      options.log.error({ err: error }, 'ad serve writer thread failed: ads are written on the main thread');
      this.failOver();
    });
    this.worker.on('exit', (code) => {
      if (this.waiting.size > 0 || (!this.closing && code !== 0)) this.failOver();
    });
  }

  async write(batch: ServeBatch): Promise<void> {
    // Zones corrected by the worker, by project (the serves' zones came from a cache).
    const corrected = new Map<string, string>();
    for (let attempt = 0; ; attempt += 1) {
      if (this.closing) this.failOver();
      if (this.fallback) return this.fallback.write(batch);
      const zoneOf = (row: { projectId: string; zone: string }) => corrected.get(row.projectId) ?? row.zone;
      const zones = new Map<string, string>();
      for (const row of [...batch.requests, ...batch.clicks]) zones.set(row.projectId, zoneOf(row));
      const answer = await this.send(batch, {
        requests: batch.requests.map((r) => requestValues(r, zoneOf(r))),
        clicks: batch.clicks.map((c) => clickValues(c, zoneOf(c))),
        zones: [...zones],
      });
      if (!answer.stale) {
        if (answer.lost)
          this.options.log.warn({ lost: answer.lost, errors: answer.errors }, 'ad rows not stored');
        return;
      }
      if (attempt >= MAX_RECOUNTS) {
        this.options.log.warn({ stale: answer.stale }, 'ad rows not stored: the time zone kept changing');
        return;
      }
      for (const [projectId, zone] of answer.stale) corrected.set(projectId, zone);
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.fallback) await this.send(null, { close: true });
      await this.worker.terminate();
      if (this.fallback) await this.fallback.close();
    })();
    return this.closing;
  }

  private send(batch: ServeBatch | null, message: object): Promise<Answer> {
    return new Promise<Answer>((done) => {
      const seq = ++this.seq;
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(seq, { batch, done });
      this.worker.postMessage({ seq, ...message });
    });
  }

  private answered(answer: Answer) {
    const entry = this.waiting.get(answer.seq);
    if (!entry) return;
    this.waiting.delete(answer.seq);
    if (this.waiting.size === 0) this.worker.unref();
    entry.done(answer);
  }

  /** The thread is gone: its unconfirmed batches and every later one go to the fallback. */
  private failOver() {
    if (this.fallback) return;
    const fallback = this.options.fallback();
    this.fallback = fallback;
    const unconfirmed = [...this.waiting.values()];
    this.waiting.clear();
    for (const entry of unconfirmed) {
      if (entry.batch) void fallback.write(entry.batch).then(() => entry.done({ seq: 0 }));
      else entry.done({ seq: 0 });
    }
  }
}
