import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { storeEvents, type IngestResult } from './ingestEvents';
import type { IngestEvent } from './validateSdkEvent';

export type AfterStore = (
  trx: Transaction<Database>,
  projectId: string,
  events: readonly IngestEvent[],
) => Promise<unknown>;

interface Job {
  projectId: string;
  events: readonly IngestEvent[];
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

/** Events written in one transaction at most (several batches that arrived meanwhile). */
const MAX_EVENTS_PER_COMMIT = 5000;

/**
 * Group commit for SDK batches: while one transaction runs, batches that arrive wait and are then
 * written together in the next one (each keeps its own answer), so a busy fleet pays one commit
 * and one set of rollup upserts per group instead of per batch. An idle queue starts its first
 * group at the end of the event loop's turn, so the batches whose requests were read in that turn
 * join it: on SQLite nothing can arrive during a transaction (better-sqlite3 runs it without
 * yielding), so every group used to be one batch (bench:ingest counts the commits). An event id
 * sent in two waiting batches is stored once and counted for the first. A group that fails is
 * retried batch by batch, so one bad batch (its project deleted meanwhile) fails alone.
 */
export class IngestQueue {
  private waiting: Job[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
    /** Runs in the transaction that stored a project's new events (e.g. invites moved by them). */
    private readonly afterStore?: AfterStore,
  ) {}

  submit(projectId: string, events: readonly IngestEvent[]): Promise<IngestResult> {
    if (events.length === 0) return Promise.resolve({ inserted: 0, duplicates: 0 });
    return new Promise((resolve, reject) => {
      this.waiting.push({ projectId, events, resolve, reject });
      if (!this.running) {
        // After the other requests read in this turn of the event loop have submitted theirs.
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const group: Job[] = [];
        let size = 0;
        while (
          this.waiting.length > 0 &&
          (group.length === 0 || size + this.waiting[0].events.length <= MAX_EVENTS_PER_COMMIT)
        ) {
          const job = this.waiting.shift() as Job;
          group.push(job);
          size += job.events.length;
        }
        try {
          await this.write(group);
        } catch (error) {
          if (group.length === 1) group[0].reject(error);
          else for (const job of group) await this.write([job]).catch((e: unknown) => job.reject(e));
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async write(group: Job[]): Promise<void> {
    const receivedAt = this.now().toISOString();
    // Per project: the union of the group's events, each id owned by the first job that sent it.
    const byProject = new Map<string, { events: IngestEvent[]; owner: Map<string, Job> }>();
    for (const job of group) {
      let entry = byProject.get(job.projectId);
      if (!entry) byProject.set(job.projectId, (entry = { events: [], owner: new Map() }));
      for (const event of job.events) {
        if (entry.owner.has(event.eventId)) continue;
        entry.owner.set(event.eventId, job);
        entry.events.push(event);
      }
    }
    const inserted = new Map<Job, number>();
    await this.db.transaction().execute(async (trx) => {
      // Projects in id order, like every key inside: two servers' groups lock rows in one order.
      for (const [projectId, entry] of [...byProject].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const ids = await storeEvents(trx, projectId, entry.events, receivedAt);
        if (this.afterStore && ids.size > 0)
          await this.afterStore(
            trx,
            projectId,
            entry.events.filter((e) => ids.has(e.eventId)),
          );
        for (const id of ids) {
          const job = entry.owner.get(id) as Job;
          inserted.set(job, (inserted.get(job) ?? 0) + 1);
        }
      }
    });
    for (const job of group) {
      const n = inserted.get(job) ?? 0;
      job.resolve({ inserted: n, duplicates: job.events.length - n });
    }
  }
}
