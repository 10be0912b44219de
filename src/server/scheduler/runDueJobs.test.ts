import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { CLAIM_LEASE_MS, MAX_ATTEMPTS, runDueJobs, type JobHandler } from './runDueJobs';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('running due jobs', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const addJob = (id: string, fields: Partial<Database['scheduled_jobs']> = {}) =>
    db
      .insertInto('scheduled_jobs')
      .values({
        id,
        project_id: 'p1',
        kind: 'note',
        subject_id: id,
        payload: null,
        run_at: at(-1_000),
        state: 'pending',
        attempts: 0,
        claim_token: null,
        claimed_by: null,
        claimed_at: null,
        finished_at: null,
        error: null,
        created_by: null,
        created_at: at(-60_000),
        ...fields,
      })
      .execute();
  const jobs = () =>
    db.selectFrom('scheduled_jobs').select(['id', 'state', 'attempts', 'error']).orderBy('id').execute();
  /** A handler that writes a row in the job's transaction (so its effect commits with the finish). */
  const noting: JobHandler = async (job, { trx }) => {
    await trx
      .insertInto('organisations')
      .values({ id: `done-${job.id}`, name: job.id, created_at: NOW.toISOString() })
      .execute();
  };
  const notes = async () =>
    (
      await db.selectFrom('organisations').select('id').where('id', 'like', 'done-%').orderBy('id').execute()
    ).map((r) => r.id);

  it('runs each due job once, even when two servers run at the same moment', async () => {
    await addJob('j1');
    await addJob('j2');
    await addJob('later', { run_at: at(60_000) });
    const handlers = new Map([['note', noting]]);
    const [a, b] = await Promise.all([
      runDueJobs(db, handlers, 'server-a', NOW),
      runDueJobs(db, handlers, 'server-b', NOW),
    ]);
    expect(a.done + b.done).toBe(2);
    expect(a.lost + b.lost).toBe(2);
    expect(await notes()).toEqual(['done-j1', 'done-j2']);
    expect((await jobs()).map((j) => [j.id, j.state])).toEqual([
      ['j1', 'done'],
      ['j2', 'done'],
      ['later', 'pending'],
    ]);
    expect(await runDueJobs(db, handlers, 'server-a', NOW)).toEqual({
      done: 0,
      skipped: 0,
      failed: 0,
      lost: 0,
    });
  });

  it('keeps a skipped job as cancelled with the reason', async () => {
    await addJob('j1');
    const report = await runDueJobs(
      db,
      new Map([['note', async () => ({ skipped: 'campaign ended' })]]),
      's',
      NOW,
    );
    expect(report.skipped).toBe(1);
    expect(await jobs()).toEqual([{ id: 'j1', state: 'cancelled', attempts: 1, error: 'campaign ended' }]);
  });

  it('puts a failed job back with its error, keeps none of its writes, and gives up after the last attempt', async () => {
    await addJob('j1');
    const failing: JobHandler = async (job, context) => {
      await noting(job, context);
      throw new Error('network down');
    };
    const handlers = new Map([['note', failing]]);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect((await runDueJobs(db, handlers, 's', NOW)).failed).toBe(1);
      const [job] = await jobs();
      expect(job).toEqual({
        id: 'j1',
        state: attempt < MAX_ATTEMPTS ? 'pending' : 'failed',
        attempts: attempt,
        error: 'network down',
      });
    }
    expect(await runDueJobs(db, handlers, 's', NOW)).toEqual({ done: 0, skipped: 0, failed: 0, lost: 0 });
    expect(await notes()).toEqual([]);
  });

  it('takes over a claim abandoned for longer than the lease, not a fresh one', async () => {
    const running = { state: 'running' as const, claim_token: 'old', claimed_by: 'dead', attempts: 1 };
    await addJob('abandoned', { ...running, claimed_at: at(-CLAIM_LEASE_MS - 1) });
    await addJob('fresh', { ...running, claimed_at: at(-1_000) });
    const report = await runDueJobs(db, new Map([['note', noting]]), 's', NOW);
    expect(report.done).toBe(1);
    expect(await notes()).toEqual(['done-abandoned']);
    expect((await jobs()).map((j) => [j.id, j.state, j.attempts])).toEqual([
      ['abandoned', 'done', 2],
      ['fresh', 'running', 1],
    ]);
  });
});
