import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';

export interface NewJob {
  projectId: string;
  /** Names the handler, e.g. `campaign.goOnline`. */
  kind: string;
  /** What the job acts on (a campaign id, ...). */
  subjectId: string;
  runAt: Date;
  payload?: unknown;
  createdBy?: string | null;
  now: Date;
}

/** Stores a job for the scheduler; it runs once, at or after `runAt`, on whichever server claims it. */
export async function scheduleJob(db: Kysely<Database>, job: NewJob): Promise<string> {
  const id = randomId();
  await db
    .insertInto('scheduled_jobs')
    .values({
      id,
      project_id: job.projectId,
      kind: job.kind,
      subject_id: job.subjectId,
      payload: job.payload === undefined ? null : JSON.stringify(job.payload),
      run_at: job.runAt.toISOString(),
      state: 'pending',
      attempts: 0,
      claim_token: null,
      claimed_by: null,
      claimed_at: null,
      finished_at: null,
      error: null,
      created_by: job.createdBy ?? null,
      created_at: job.now.toISOString(),
    })
    .execute();
  return id;
}

/** Cancels the waiting jobs of a subject (of the given kinds); a job already claimed finishes. */
export async function cancelJobs(
  db: Kysely<Database>,
  subjectId: string,
  kinds: readonly string[],
  now: Date,
  reason: string,
): Promise<number> {
  if (kinds.length === 0) return 0;
  const result = await db
    .updateTable('scheduled_jobs')
    .set({ state: 'cancelled', finished_at: now.toISOString(), error: reason })
    .where('subject_id', '=', subjectId)
    .where('kind', 'in', [...kinds])
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
