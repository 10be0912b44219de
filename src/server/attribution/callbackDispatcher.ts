import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import {
  privateCallbacksAllowed,
  resolvePublicHttpUrl,
  UrlNotAllowedError,
  type ResolveHost,
} from '../http/assertPublicHttpUrl';
import { postJson } from './postJson';

// What the delivery row says about a send that did not happen or failed.
function refusalText(cause: unknown): string {
  if (!(cause instanceof UrlNotAllowedError)) {
    return (cause instanceof Error ? cause.message : String(cause)).slice(0, 300);
  }
  switch (cause.reason) {
    case 'private':
      return cause.addresses.length
        ? `private: the host resolves to a non-public address (${cause.addresses.join(', ')})`.slice(0, 300)
        : 'private: the address is not a public host';
    case 'unresolvable':
      return 'unresolvable: the host name does not resolve';
    case 'scheme':
      return 'scheme: only http and https addresses are called';
    case 'invalid':
      return 'invalid: not an address';
  }
}

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
  /** Resolves the callback's host at send time (default: the system resolver). */
  resolveHost?: ResolveHost;
}

/**
 * Sends attribution callbacks after the SDK has its answer: each is recorded as `pending`, then
 * `delivered` (2xx), `failed` (other status, network error, timeout) or `refused` (not a public
 * http(s) address at send time: the name is resolved again, a private answer refuses it, and the
 * request connects to the checked address only). `error` says why.
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
      const target = await resolvePublicHttpUrl(job.url, { allowPrivate, lookup: this.options.resolveHost });
      httpStatus = await postJson(target, job.payload, { timeoutMs: this.options.timeoutMs ?? 5000 });
      status = httpStatus >= 200 && httpStatus < 300 ? 'delivered' : 'failed';
      if (status === 'failed') error = `answered HTTP ${httpStatus}`;
    } catch (cause) {
      if (cause instanceof UrlNotAllowedError) status = 'refused';
      error = refusalText(cause);
    }
    await db
      .updateTable('callback_deliveries')
      .set({ status, http_status: httpStatus, error, finished_at: now().toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
