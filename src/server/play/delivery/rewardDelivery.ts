import type { FastifyPluginAsync } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../appContext';
import type { Database } from '../../db/tables';
import { Webhook } from 'standardwebhooks';
import { randomId } from '../../db/randomId';
import {
  LOOKUP_TIMEOUT_MS,
  privateCallbacksAllowed,
  resolvePublicHttpUrl,
  UrlNotAllowedError,
} from '../../http/assertPublicHttpUrl';
import { postForText } from '../../http/postForText';
import { scheduleJob } from '../../scheduler/scheduledJobs';
import { projectApiSecret } from '../apiSecret';
import type { RewardDeliveriesTable } from '../playTables';

/** Attempts in all (the first and four retries); after the last a delivery is `failure`. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** Wait before retry n (after attempt n failed). */
export const RETRY_BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000];
/** An attempt's POST has this long in all, from connecting to the answer's last byte. */
export const DELIVERY_DEADLINE_MS = 5000;
/** The room a lease leaves beyond an attempt's network time: its database reads and writes. */
export const DELIVERY_LEASE_MARGIN_MS = 30_000;
/** A claimed attempt not finished within this long (its server died) may be sent again. */
export const DELIVERY_LEASE_MS = 60_000;

/**
 * Throws unless a lease outlives the longest attempt (resolving the address, the POST's deadline
 * and the margin): a lease that ran out while its attempt still waited for the receiver would let
 * another server send the same reward again.
 */
export function assertLeaseOutlivesAttempt(
  leaseMs = DELIVERY_LEASE_MS,
  attemptMs = LOOKUP_TIMEOUT_MS + DELIVERY_DEADLINE_MS,
  marginMs = DELIVERY_LEASE_MARGIN_MS,
): void {
  if (leaseMs < attemptMs + marginMs)
    throw new Error(
      `a delivery lease of ${leaseMs} ms must outlive an attempt of up to ${attemptMs} ms and a margin of ${marginMs} ms`,
    );
}
assertLeaseOutlivesAttempt();

export const REWARD_DELIVERY_JOB = 'reward.deliver';

/** Why an attempt failed, stored on the reward record and localized when shown. */
export interface DeliveryProblem {
  /** `callbackAbnormal`: answered, but not `success`; `callbackUnreachable`: no answer; `callbackRefused`: not a public address. */
  key: 'callbackAbnormal' | 'callbackUnreachable' | 'callbackRefused';
  status?: number;
  answer?: string;
  error?: string;
}

/**
 * Whether a receiver's answer acknowledges the reward: `success` or `{"code":0}`
 * (docs/integration-guide.md).
 */
export function acknowledges(status: number, text: string): boolean {
  if (status < 200 || status >= 300) return false;
  const body = text.trim();
  if (body.toLowerCase() === 'success') return true;
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return parsed !== null && typeof parsed === 'object' && (parsed.code === 0 || parsed.code === '0');
  } catch {
    return false;
  }
}

/** The Standard Webhooks message id of a reward: the same on every attempt and reissue, so receivers can de-duplicate. */
export function webhookId(rewardId: string): string {
  return `msg_${rewardId}`;
}

export interface RewardDelivery {
  /** Sends every due delivery soon (after the caller's commit); never throws. */
  kick(): void;
  /** Resolves when every send started by kick has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Sends every due delivery now; answers how many attempts were made. */
  runDue(now?: Date): Promise<number>;
  /** Sends one delivery now if it is due (reissue); answers whether it succeeded. */
  sendNow(deliveryId: string, now?: Date): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rewardDelivery?: RewardDelivery;
  }
}

type Log = { error: (obj: object, msg: string) => void };

/** Claims a due delivery for one attempt; only one server's UPDATE matches. */
async function claimDelivery(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('reward_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_at: new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString(),
    }))
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('next_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** One attempt of a delivery: claimed, sent signed, recorded; undefined when another took it. */
async function attemptDelivery(ctx: AppContext, id: string, now: Date): Promise<boolean | undefined> {
  if (!(await claimDelivery(ctx.db, id, now))) return undefined;
  const delivery = await ctx.db
    .selectFrom('reward_deliveries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const started = Date.now();
  const sent = await sendSigned(ctx, delivery);
  return recordAttempt(ctx.db, delivery, sent, ctx.now(), started);
}

/** Attempts every due delivery (at most 200, oldest first); answers how many attempts were made. */
async function runDueDeliveries(ctx: AppContext, log: Log, at: Date): Promise<number> {
  const due = await ctx.db
    .selectFrom('reward_deliveries')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_at', '<=', at.toISOString())
    .orderBy('next_at')
    .limit(200)
    .execute();
  let attempts = 0;
  for (const { id } of due) {
    try {
      if ((await attemptDelivery(ctx, id, at)) !== undefined) attempts++;
    } catch (error) {
      log.error({ err: error, delivery: id }, 'reward delivery failed');
    }
  }
  return attempts;
}

/**
 * The reward sender of one server: a kick starts a run of due deliveries (a kick during a run
 * asks for one more), outside any transaction; `idle` waits for the runs started.
 */
export function rewardSender(ctx: AppContext, log: Log): RewardDelivery {
  const inFlight = new Set<Promise<unknown>>();
  let again = false;
  let running: Promise<number> | undefined;
  const runDue = (now?: Date) => runDueDeliveries(ctx, log, now ?? ctx.now());

  function track<T>(work: Promise<T>): void {
    const task = work
      .catch((error: unknown) => log.error({ err: error }, 'reward delivery run failed'))
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  }

  async function loop(): Promise<number> {
    let total = 0;
    do {
      again = false;
      total += await runDue();
    } while (again);
    return total;
  }

  return {
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = loop().finally(() => {
        running = undefined;
      });
      track(running);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    runDue,
    async sendNow(deliveryId, now) {
      return (await attemptDelivery(ctx, deliveryId, now ?? ctx.now())) === true;
    },
  };
}

/** The reward sender: signed callbacks from the outbox, retried by the scheduler. */
export const rewardDeliveryPlugin: FastifyPluginAsync = async (app) => {
  const delivery = rewardSender(app.ctx, app.log);
  app.decorate('rewardDelivery', delivery);
  // The retry job only wakes the sender: the send itself never runs inside a transaction.
  app.scheduler.handle(REWARD_DELIVERY_JOB, async () => {
    setImmediate(() => delivery.kick());
  });
  // Deliveries left waiting by a stop (written, not yet sent) go out when the server is back.
  app.addHook('onReady', async () => delivery.kick());
  app.addHook('preClose', async () => delivery.idle());
};

/** What one attempt got: the receiver's status and answer, and why it failed (null: acknowledged). */
interface Sent {
  status: number | null;
  answer: string | null;
  problem: DeliveryProblem | null;
}

/**
 * Sends a delivery's stored body to its address, resolved again and refused when not public,
 * signed by the Standard Webhooks rule with the project's API secret (the same message id on
 * every attempt).
 */
async function sendSigned(ctx: AppContext, delivery: Selectable<RewardDeliveriesTable>): Promise<Sent> {
  let status: number | null = null;
  let answer: string | null = null;
  let problem: DeliveryProblem | null = null;
  try {
    const target = await resolvePublicHttpUrl(delivery.url, {
      allowPrivate: privateCallbacksAllowed(),
      lookup: ctx.resolveHost,
      lookupTimeoutMs: LOOKUP_TIMEOUT_MS,
    });
    const secret = await projectApiSecret(ctx.db, delivery.project_id);
    const timestamp = new Date(Math.floor(ctx.now().getTime() / 1000) * 1000);
    const msgId = webhookId(delivery.reward_id);
    const signature = new Webhook(secret).sign(msgId, timestamp, delivery.payload);
    const sent = await postForText(target, delivery.payload, {
      timeoutMs: DELIVERY_DEADLINE_MS,
      userAgent: 'GrowthConsole-Callback/1',
      maxChars: 500,
      headers: {
        'webhook-id': msgId,
        'webhook-timestamp': String(timestamp.getTime() / 1000),
        'webhook-signature': signature,
      },
    });
    status = sent.status;
    answer = sent.text;
    if (!acknowledges(sent.status, sent.text))
      problem = { key: 'callbackAbnormal', status, answer: answer.slice(0, 200) };
  } catch (cause) {
    const error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 300);
    problem =
      cause instanceof UrlNotAllowedError
        ? { key: 'callbackRefused', error: `${cause.reason}: the callback address is not a public host` }
        : { key: 'callbackUnreachable', error };
  }
  return { status, answer, problem };
}

/**
 * Records an attempt in one transaction: the attempt row, the delivery's state (success, failure
 * after the last attempt, else pending with its retry job) and the reward record's status
 * (`reissued` when an earlier delivery of it had failed). Answers whether it succeeded.
 */
async function recordAttempt(
  db: Kysely<Database>,
  delivery: Selectable<RewardDeliveriesTable>,
  { status, answer, problem }: Sent,
  at: Date,
  started: number,
): Promise<boolean> {
  const ok = problem === null;
  const last = !ok && delivery.attempts >= MAX_DELIVERY_ATTEMPTS;
  const retryAt =
    !ok && !last
      ? new Date(at.getTime() + RETRY_BACKOFF_MS[Math.min(delivery.attempts, RETRY_BACKOFF_MS.length) - 1])
      : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('reward_delivery_attempts')
      .values({
        id: randomId(),
        project_id: delivery.project_id,
        delivery_id: delivery.id,
        attempt: delivery.attempts,
        at: at.toISOString(),
        http_status: status,
        answer: answer === null ? null : answer.slice(0, 500),
        error: problem?.error ?? (problem ? `answered HTTP ${status}, not success` : null),
        duration_ms: Date.now() - started,
      })
      .execute();
    await trx
      .updateTable('reward_deliveries')
      .set({
        state: ok ? 'success' : last ? 'failure' : 'pending',
        next_at: retryAt ? retryAt.toISOString() : null,
        finished_at: ok || last ? at.toISOString() : null,
      })
      .where('id', '=', delivery.id)
      .execute();
    // A reward whose earlier delivery failed and that an operator sent again is `reissued`.
    const failedBefore = await trx
      .selectFrom('reward_deliveries')
      .select('id')
      .where('reward_id', '=', delivery.reward_id)
      .where('id', '!=', delivery.id)
      .where('state', '=', 'failure')
      .executeTakeFirst();
    await trx
      .updateTable('reward_records')
      .set({
        award_status: ok ? (failedBefore ? 'reissued' : 'success') : last ? 'failure' : 'pending',
        status_detail: problem ? JSON.stringify(problem) : null,
        updated_at: at.toISOString(),
      })
      .where('id', '=', delivery.reward_id)
      .execute();
    if (retryAt) {
      // The scheduler wakes the retry, on whichever server, after a restart too.
      await scheduleJob(trx, {
        projectId: delivery.project_id,
        kind: REWARD_DELIVERY_JOB,
        subjectId: delivery.id,
        runAt: retryAt,
        now: at,
      });
    }
  });
  return ok;
}

// Like fastify-plugin: `app.rewardDelivery` is visible to every route plugin.
(rewardDeliveryPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
