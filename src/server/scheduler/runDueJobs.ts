import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
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
  const serialize: Serialize = options.serialize ?? ((work) => work());
  const report: RunReport = { done: 0, skipped: 0, failed: 0, lost: 0 };
  const nowIso = now.toISOString();
  const leaseCutoff = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  const kinds = [...handlers.keys()];
  if (kinds.length === 0) return report;

  const due = await db
    .selectFrom('scheduled_jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', nowIso)]),
        eb.and([eb('state', '=', 'running'), eb('claimed_at', '<', leaseCutoff)]),
      ]),
    )
    .orderBy('run_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();

  for (const { id } of due) {
    const token = randomBytes(12).toString('base64url');
    const claim = await serialize(() =>
      db
        .updateTable('scheduled_jobs')
        .set({
          state: 'running',
          claim_token: token,
          claimed_by: serverId,
          claimed_at: nowIso,
          attempts: sql<number>`attempts + 1`,
        })
        .where('id', '=', id)
        .where('attempts', '<', MAX_ATTEMPTS)
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', nowIso)]),
            eb.and([eb('state', '=', 'running'), eb('claimed_at', '<', leaseCutoff)]),
          ]),
        )
        .executeTakeFirst(),
    );
    if (Number(claim.numUpdatedRows) !== 1) {
      report.lost++;
      continue;
    }
    const job = await db.selectFrom('scheduled_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    const handler = job && handlers.get(job.kind);
    if (!job || !handler) continue;
    try {
      const outcome = await serialize(() =>
        db.transaction().execute(async (trx) => {
          const finished = await trx
            .updateTable('scheduled_jobs')
            .set({ state: 'done', finished_at: nowIso })
            .where('id', '=', id)
            .where('state', '=', 'running')
            .where('claim_token', '=', token)
            .executeTakeFirst();
          if (Number(finished.numUpdatedRows) !== 1) throw new LostClaim();
          const result = await handler(job, { trx, now });
          if (result && 'skipped' in result) {
            await trx
              .updateTable('scheduled_jobs')
              .set({ state: 'cancelled', error: result.skipped })
              .where('id', '=', id)
              .execute();
          }
          return result;
        }),
      );
      if (outcome && 'skipped' in outcome) report.skipped++;
      else report.done++;
    } catch (error) {
      if (error instanceof LostClaim) {
        report.lost++;
        continue;
      }
      report.failed++;
      options.log?.error({ err: error, jobId: id, kind: job.kind }, 'scheduled job failed');
      // Back to pending for another try (or given up), unless someone else holds it by now.
      await serialize(() =>
        db
          .updateTable('scheduled_jobs')
          .set({
            state: job.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            claim_token: null,
            error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
            finished_at: job.attempts >= MAX_ATTEMPTS ? nowIso : null,
          })
          .where('id', '=', id)
          .where('claim_token', '=', token)
          .execute(),
      );
    }
  }
  return report;
}
