import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import {
  assertPublicHttpUrl,
  privateCallbacksAllowed,
  UrlNotAllowedError,
} from '../http/assertPublicHttpUrl';
import { postJson } from './postJson';

export interface CallbackJob {
  projectId: string;
  attributionId: string;
  event: string;
  url: string;
  payload: Record<string, unknown>;
}

export interface CallbackDispatcherOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  now: () => Date;
  timeoutMs?: number;
  allowPrivate?: boolean;
}

/**
 * Sends attribution callbacks after the SDK has its answer: each is recorded as `pending`, then
 * `delivered` (2xx), `failed` (other status, network error, timeout) or `refused` (not a public
 * http(s) address).
 */
export class CallbackDispatcher {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: CallbackDispatcherOptions) {}

  /** Queues a delivery; never throws and never makes the caller wait. */
  send(job: CallbackJob): void {
    const task = this.deliver(job)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'callback bookkeeping failed'))
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  /** Resolves when every queued delivery has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(job: CallbackJob): Promise<void> {
    const { db, now } = this.options;
    const id = randomId();
    await db
      .insertInto('callback_deliveries')
      .values({
        id,
        project_id: job.projectId,
        attribution_id: job.attributionId,
        event: job.event,
        url: job.url,
        status: 'pending',
        http_status: null,
        error: null,
        created_at: now().toISOString(),
        finished_at: null,
      })
      .execute();
    const allowPrivate = this.options.allowPrivate ?? privateCallbacksAllowed();
    let status = 'failed';
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const url = await assertPublicHttpUrl(job.url, { allowPrivate });
      httpStatus = await postJson(url, job.payload, {
        timeoutMs: this.options.timeoutMs ?? 5000,
        allowPrivate,
      });
      status = httpStatus >= 200 && httpStatus < 300 ? 'delivered' : 'failed';
    } catch (cause) {
      if (cause instanceof UrlNotAllowedError) {
        status = 'refused';
        error = cause.reason;
      } else {
        error = cause instanceof Error ? cause.message.slice(0, 300) : String(cause);
        if (/private address/.test(error)) status = 'refused';
      }
    }
    await db
      .updateTable('callback_deliveries')
      .set({ status, http_status: httpStatus, error, finished_at: now().toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
