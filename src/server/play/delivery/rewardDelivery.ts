import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
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
import type { DeliveryState, RewardDeliveriesTable } from '../playTables';
import { DELIVERIES_PER_HOST, deliveryHost, planDeliveries, type DueDelivery } from './planDeliveries';

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
  /** Starts the due deliveries there is room for soon (after the caller's commit); never throws. */
  kick(): void;
  /** Resolves when every plan and send started (by kick or sendNow) has finished (tests). */
  idle(): Promise<void>;
  /** Plans nothing more and resolves when the sends in flight have finished (shutdown). */
  stop(): Promise<void>;
  /**
   * Sends one delivery now if it is due (an operator's reissue: at once, counted against its
   * host's limit but not held by it); answers whether it succeeded.
   */
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

/** The due deliveries one plan looks at, at most. */
const DUE_BATCH = 200;

/**
 * The deliveries due at `at`, oldest first, at most DUE_BATCH: of each address only its oldest
 * DELIVERIES_PER_HOST (no more of them can start at once), so that a receiver with a long backlog
 * cannot fill the batch and hide the other receivers' deliveries behind it.
 */
async function dueDeliveries(db: Kysely<Database>, at: Date): Promise<DueDelivery[]> {
  const ranked = db
    .selectFrom('reward_deliveries')
    .select((eb) => [
      'id',
      'url',
      'next_at',
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('url').orderBy('next_at').orderBy('id'))
        .as('place'),
    ])
    .where('state', '=', 'pending')
    .where('next_at', '<=', at.toISOString());
  return db
    .selectFrom(ranked.as('due'))
    .select(['id', 'url'])
    .where('place', '<=', DELIVERIES_PER_HOST)
    .orderBy('next_at')
    .orderBy('id')
    .limit(DUE_BATCH)
    .execute();
}

/**
 * The reward sender of one server, outside any transaction. A kick plans the due deliveries
 * (`planDeliveries`: so many in flight per host and in all) and starts the chosen side by side,
 * so a receiver that answers slowly holds only its own; each send that ends frees its place and
 * plans again, for the deliveries that waited for room. Kicks during a plan ask for one more.
 */
export function rewardSender(ctx: AppContext, log: Log): RewardDelivery {
  const tasks = new Set<Promise<unknown>>();
  /** The deliveries this server is sending: id to host. */
  const inFlight = new Map<string, string>();
  let planning: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function track(work: Promise<unknown>): void {
    const task = work
      .catch((error: unknown) => log.error({ err: error }, 'reward delivery run failed'))
      .finally(() => tasks.delete(task));
    tasks.add(task);
  }

  /**
   * One attempt of a delivery, holding its place until it ends; then plans again for the
   * deliveries that waited for room (the attempt leaves its own row not due: sent, waiting for its
   * retry, or claimed by another server). After an error the next kick plans, so that a failing
   * database is not asked again and again.
   */
  function send(delivery: DueDelivery, at: Date): Promise<boolean | undefined> {
    inFlight.set(delivery.id, deliveryHost(delivery.url));
    const sent = attemptDelivery(ctx, delivery.id, at)
      .finally(() => inFlight.delete(delivery.id))
      .then(
        (made) => {
          kick();
          return made;
        },
        (error: unknown) => {
          log.error({ err: error, delivery: delivery.id }, 'reward delivery failed');
          return undefined;
        },
      );
    track(sent);
    return sent;
  }

  /** Plans until no kick asked for another, starting the chosen deliveries. */
  async function planWhileAsked(): Promise<void> {
    do {
      again = false;
      const at = ctx.now();
      const chosen = planDeliveries(await dueDeliveries(ctx.db, at), inFlight);
      for (const delivery of chosen) send(delivery, at);
    } while (again);
  }

  function kick(): void {
    if (stopped) return;
    if (planning) {
      again = true;
      return;
    }
    planning = planWhileAsked().finally(() => {
      planning = undefined;
    });
    track(planning);
  }

  async function sendNow(deliveryId: string, now?: Date): Promise<boolean> {
    const delivery = await ctx.db
      .selectFrom('reward_deliveries')
      .select(['id', 'url'])
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    // Already being sent by a plan: that send makes the attempt.
    if (!delivery || inFlight.has(delivery.id)) return false;
    return (await send(delivery, now ?? ctx.now())) === true;
  }

  async function idle(): Promise<void> {
    while (tasks.size > 0) await Promise.allSettled([...tasks]);
  }

  return {
    kick,
    idle,
    async stop() {
      stopped = true;
      await idle();
    },
    sendNow,
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
  // A stopping server finishes the sends in flight; what is still due waits for the next start.
  app.addHook('preClose', async () => delivery.stop());
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
        // A reward put on hold while this attempt was under way stays held for its retries.
        state: ok
          ? 'success'
          : last
            ? 'failure'
            : sql<DeliveryState>`case when state = 'held' then 'held' else 'pending' end`,
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
