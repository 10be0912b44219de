import { randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { ScheduledJobRow } from '../db/campaignTables';
import type { Serialize } from './processMutex';

/** What a handler may say besides succeeding: the job no longer applies (kept as `cancelled`). */
export type JobOutcome = void | { skipped: string };

export interface JobContext {
  /** The transaction that also finishes the job: the handler's writes and the finish commit together. */
  trx: Transaction<Database>;
  now: Date;
}

export type JobHandler = (job: ScheduledJobRow, context: JobContext) => Promise<JobOutcome>;

export interface RunReport {
  done: number;
  skipped: number;
  failed: number;
  /** Jobs another server claimed first (or a lost claim). */
  lost: number;
}

/** After this long a claim counts as abandoned (its server died mid-job) and may be taken over. */
export const CLAIM_LEASE_MS = 60_000;
/** A job that failed this many times is given up (state `failed`). */
export const MAX_ATTEMPTS = 5;
const BATCH = 100;

class LostClaim extends Error {}

/** One run's settings, shared by its steps. */
interface Run {
  db: Kysely<Database>;
  serverId: string;
  now: Date;
  nowIso: string;
  /** Claims older than this are abandoned. */
  leaseCutoff: string;
  serialize: Serialize;
}

/** Due: pending and past its time, or running under a claim older than the lease. */
function isDue(run: Run) {
  return (eb: ExpressionBuilder<Database, 'scheduled_jobs'>) =>
    eb.or([
      eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', run.nowIso)]),
      eb.and([eb('state', '=', 'running'), eb('claimed_at', '<', run.leaseCutoff)]),
    ]);
}

/** The due jobs of these kinds, oldest first, at most a batch. */
async function dueJobIds(run: Run, kinds: string[]): Promise<string[]> {
  const due = await run.db
    .selectFrom('scheduled_jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where(isDue(run))
    .orderBy('run_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  return due.map((row) => row.id);
}

/** Claims a job with a fresh token: true when this server won it (only one can). */
async function claimJob(run: Run, id: string, token: string): Promise<boolean> {
  const claim = await run.serialize(() =>
    run.db
      .updateTable('scheduled_jobs')
      .set({
        state: 'running',
        claim_token: token,
        claimed_by: run.serverId,
        claimed_at: run.nowIso,
        attempts: sql<number>`attempts + 1`,
      })
      .where('id', '=', id)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where(isDue(run))
      .executeTakeFirst(),
  );
  return Number(claim.numUpdatedRows) === 1;
}

/**
 * Runs a claimed job's handler in the transaction whose first statement finishes the job, guarded
 * by the claim token (a lost claim throws `LostClaim` and nothing of the handler is kept); a
 * skipped job is kept as `cancelled` with the reason.
 */
function finishJob(run: Run, job: ScheduledJobRow, token: string, handler: JobHandler): Promise<JobOutcome> {
  return run.serialize(() =>
    run.db.transaction().execute(async (trx) => {
      const finished = await trx
        .updateTable('scheduled_jobs')
        .set({ state: 'done', finished_at: run.nowIso })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('claim_token', '=', token)
        .executeTakeFirst();
      if (Number(finished.numUpdatedRows) !== 1) throw new LostClaim();
      const result = await handler(job, { trx, now: run.now });
      if (result && 'skipped' in result) {
        await trx
          .updateTable('scheduled_jobs')
          .set({ state: 'cancelled', error: result.skipped })
          .where('id', '=', job.id)
          .execute();
      }
      return result;
    }),
  );
}

/** A failed job goes back to pending for another try (or is given up), unless someone else holds it by now. */
function releaseJob(run: Run, job: ScheduledJobRow, token: string, error: unknown) {
  const givenUp = job.attempts >= MAX_ATTEMPTS;
  return run.serialize(() =>
    run.db
      .updateTable('scheduled_jobs')
      .set({
        state: givenUp ? 'failed' : 'pending',
        claim_token: null,
        error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        finished_at: givenUp ? run.nowIso : null,
      })
      .where('id', '=', job.id)
      .where('claim_token', '=', token)
      .execute(),
  );
}

/**
 * Runs every due job once. Several servers may call this at the same moment on one database:
 * each job is claimed with a conditional UPDATE that only one of them can win (`pending` ->
 * `running` with a fresh claim token), and the winner's handler runs in a transaction whose
 * first statement finishes the job guarded by that token. A claim abandoned for longer than the
 * lease can be taken over; the guarded finish keeps the handler's effect to exactly once.
 */
export async function runDueJobs(
  db: Kysely<Database>,
  handlers: ReadonlyMap<string, JobHandler>,
  serverId: string,
  now: Date,
  options: {
    log?: { error: (obj: object, msg: string) => void };
    /** Wraps every write (claim, finish, release); see `sqliteWrites`. */
    serialize?: Serialize;
  } = {},
): Promise<RunReport> {
  const run: Run = {
    db,
    serverId,
    now,
    nowIso: now.toISOString(),
    leaseCutoff: new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
    serialize: options.serialize ?? ((work) => work()),
  };
  const report: RunReport = { done: 0, skipped: 0, failed: 0, lost: 0 };
  const kinds = [...handlers.keys()];
  if (kinds.length === 0) return report;

  for (const id of await dueJobIds(run, kinds)) {
    const token = randomBytes(12).toString('base64url');
    if (!(await claimJob(run, id, token))) {
      report.lost++;
      continue;
    }
    const job = await db.selectFrom('scheduled_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    const handler = job && handlers.get(job.kind);
    if (!job || !handler) continue;
    try {
      const outcome = await finishJob(run, job, token, handler);
      if (outcome && 'skipped' in outcome) report.skipped++;
      else report.done++;
    } catch (error) {
      if (error instanceof LostClaim) {
        report.lost++;
        continue;
      }
      report.failed++;
      options.log?.error({ err: error, jobId: id, kind: job.kind }, 'scheduled job failed');
      await releaseJob(run, job, token, error);
    }
  }
  return report;
}
