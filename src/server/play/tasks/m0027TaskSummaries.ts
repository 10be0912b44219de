import type { Kysely, Migration } from 'kysely';

// Task summaries: one row per participant and campaign with each task's progress and completions
// by period, kept with every write of the task tables (m0014). No backfill: a participant's
// missing row is rebuilt from those tables the first time it is read, and stored.
export const m0027TaskSummaries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_task_summaries')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_task_summaries_pk', ['campaign_id', 'participant_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_task_summaries').execute();
  },
};
