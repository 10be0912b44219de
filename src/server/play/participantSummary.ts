// A mechanic's per-participant summary: one row per (campaign, participant) in a table of the
// module, holding as JSON what its `progress` and its actions' decisions read, so an action reads
// one row instead of replaying its tables. The summary is never a cache that can drift:
//
// - every write of the row raises its `version`; a summary rebuilt from the tables is stored only
//   while the version it was rebuilt under still stands (a conditional write), so a summary never
//   overwrites a change it did not see;
// - the module's actions keep it in their own transaction (under the participant's entry lock):
//   they read it, apply their decision, and store it back;
// - a writer that cannot keep it exactly (a friend's gift, an SDK event, a settling job) marks it
//   stale in its transaction (`summary` null, version raised; a marker row when there was none);
// - a missing or stale row (rows made before the summaries existed, or marked) is rebuilt from the
//   tables by the next reader and stored.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { hotQuery } from '../db/hotQuery';

type Db = Kysely<Database> | Transaction<Database>;

/** The columns of a summary table (each module's has these). */
export interface ParticipantSummaryTable {
  campaign_id: string;
  participant_id: string;
  project_id: string;
  /** Raised on every write of the row. */
  version: number;
  /** The summary as JSON; null: stale, rebuilt from the tables by the next reader. */
  summary: string | null;
}

/** A summary table's name (the modules' tables share its columns). */
export type SummaryTableName = 'play_predict_summaries' | 'play_collect_summaries' | 'play_pool_summaries';

/** A summary as read: the version it stands on (null: no row yet) and whether it was rebuilt. */
export interface ReadSummary<T> {
  summary: T;
  version: number | null;
  rebuilt: boolean;
}

/** Who a summary belongs to. */
export interface SummaryOwner {
  campaignId: string;
  projectId: string;
  participantId: string;
}

/** The summary store of one module's table, with its rebuild from the module's tables. */
export interface SummaryStore<T> {
  /** The row's summary, rebuilt from the tables when missing or stale (not stored). */
  read(db: Db, owner: SummaryOwner): Promise<ReadSummary<T>>;
  /**
   * Stores a summary read at `version` (null: there was no row): a new row, or the row while its
   * version still stands. Answers whether it was stored (not: someone wrote it since, and it
   * stays as they left it).
   */
  write(db: Db, owner: SummaryOwner, version: number | null, summary: T): Promise<boolean>;
  /** read, then stores what was rebuilt (a page view's read). */
  load(db: Db, owner: SummaryOwner): Promise<T>;
  /** Marks it stale: a writer that cannot keep it exactly. */
  markStale(db: Db, owner: SummaryOwner): Promise<void>;
  /** The summary rebuilt from the module's tables (what a stored one must equal). */
  rebuild(db: Db, owner: SummaryOwner): Promise<T>;
}

export function summaryStore<T>(
  name: SummaryTableName,
  rebuild: (db: Db, owner: SummaryOwner) => Promise<T>,
): SummaryStore<T> {
  // One shape of table: typed through one of them. Read and written on every action of the
  // module: compiled once (hotQuery).
  const table = name as 'play_collect_summaries';
  const selectRow = hotQuery(['campaignId', 'participantId'], (db: Kysely<Database>, p: Key) =>
    db
      .selectFrom(table)
      .select(['version', 'summary'])
      .where('campaign_id', '=', p.campaignId)
      .where('participant_id', '=', p.participantId),
  );
  const insertRow = hotQuery(
    ['campaignId', 'participantId', 'projectId', 'summary'],
    (db: Kysely<Database>, p: Key & { projectId: string; summary: string }) =>
      db
        .insertInto(table)
        .values({
          campaign_id: p.campaignId,
          participant_id: p.participantId,
          project_id: p.projectId,
          version: 1,
          summary: p.summary,
        })
        .onConflict((oc) => oc.columns(['campaign_id', 'participant_id']).doNothing()),
  );
  const updateRow = hotQuery(
    ['summary', 'next', 'campaignId', 'participantId', 'version'],
    (db: Kysely<Database>, p: Key & { summary: string; version: number; next: number }) =>
      db
        .updateTable(table)
        .set({ summary: p.summary, version: p.next })
        .where('campaign_id', '=', p.campaignId)
        .where('participant_id', '=', p.participantId)
        .where('version', '=', p.version),
  );
  const staleRow = hotQuery(
    ['campaignId', 'participantId', 'projectId'],
    (db: Kysely<Database>, p: Key & { projectId: string }) =>
      db
        .insertInto(table)
        .values({
          campaign_id: p.campaignId,
          participant_id: p.participantId,
          project_id: p.projectId,
          version: 1,
          summary: null,
        })
        .onConflict((oc) =>
          oc.columns(['campaign_id', 'participant_id']).doUpdateSet({
            summary: null,
            version: sql<number>`${sql.ref(`${table}.version`)} + 1`,
          }),
        ),
  );
  const store: SummaryStore<T> = {
    async read(db, owner) {
      const [row] = (await selectRow(db as Kysely<Database>, owner)).rows;
      const version = row ? Number(row.version) : null;
      if (row && row.summary !== null)
        return { summary: JSON.parse(row.summary) as T, version, rebuilt: false };
      return { summary: await rebuild(db, owner), version, rebuilt: true };
    },
    async write(db, owner, version, summary) {
      const json = JSON.stringify(summary);
      const written =
        version === null
          ? await insertRow(db as Kysely<Database>, { ...owner, summary: json })
          : await updateRow(db as Kysely<Database>, { ...owner, summary: json, version, next: version + 1 });
      return Number(written.numAffectedRows ?? 0) === 1;
    },
    async load(db, owner) {
      const read = await store.read(db, owner);
      if (read.rebuilt) await store.write(db, owner, read.version, read.summary);
      return read.summary;
    },
    async markStale(db, owner) {
      await staleRow(db as Kysely<Database>, owner);
    },
    rebuild,
  };
  return store;
}

type Key = { campaignId: string; participantId: string };

/**
 * Creates a summary table (a migration's step): one row per (campaign, participant), gone with
 * the participant or the project. No backfill: a missing row is rebuilt by its first reader.
 */
export async function createSummaryTable(db: Kysely<unknown>, name: SummaryTableName): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addPrimaryKeyConstraint(`${name}_pk`, ['campaign_id', 'participant_id'])
    .execute();
}

declare module '../db/tables' {
  interface Database {
    play_predict_summaries: ParticipantSummaryTable;
    play_collect_summaries: ParticipantSummaryTable;
    play_pool_summaries: ParticipantSummaryTable;
  }
}
