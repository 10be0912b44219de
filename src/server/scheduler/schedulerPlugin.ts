import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { runDueJobs, type JobHandler, type RunReport } from './runDueJobs';
import { sqliteWrites } from './processMutex';

/** The app's scheduler: domains register job handlers; timers or tests run due jobs. */
export interface Scheduler {
  /** This server's id in claims (random per process start). */
  readonly serverId: string;
  /** Registers the handler of a job kind (once per kind). */
  handle(kind: string, handler: JobHandler): void;
  /** Runs every job due at `now` (default: the app clock) once; what tests call. */
  runDueJobs(now?: Date): Promise<RunReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

export interface SchedulerOptions {
  /** Poll interval in ms; 0 (or less) turns the timer off (API tests call runDueJobs). */
  intervalMs?: number;
}

/**
 * Decorates `app.scheduler` and, when an interval is given, polls for due jobs. State lives in
 * `scheduled_jobs`, so a restart loses nothing; the timer stops (and a run in flight finishes) before the app closes.
 */
export const schedulerPlugin: FastifyPluginAsync<SchedulerOptions> = async (app, options) => {
  const handlers = new Map<string, JobHandler>();
  const serverId = `${process.pid}-${randomBytes(6).toString('base64url')}`;
  const scheduler: Scheduler = {
    serverId,
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} already has a handler`);
      handlers.set(kind, handler);
    },
    runDueJobs: (now) =>
      runDueJobs(app.ctx.db, handlers, serverId, now ?? app.ctx.now(), {
        log: app.log,
        serialize: app.ctx.dbKind === 'sqlite' ? sqliteWrites : undefined,
      }),
  };
  app.decorate('scheduler', scheduler);

  const intervalMs = options.intervalMs ?? 0;
  if (intervalMs <= 0) return;
  let running: Promise<unknown> | undefined;
  let closing = false;
  const timer = setInterval(() => {
    if (running || closing) return; // a slow run is never overlapped by the next tick
    running = scheduler
      .runDueJobs()
      .catch((error) => app.log.error({ err: error }, 'scheduler run failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  // preClose: before the root onClose hooks destroy the database pool.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
};

// Like fastify-plugin: `app.scheduler` is visible to every route plugin.
(schedulerPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
