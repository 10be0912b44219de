import type { Kysely, Migration } from 'kysely';

// Daily sign-in and tasks. A check-in is one row per participant and local day (its
// primary key makes concurrent check-ins of one day count once). A task's progress toward its
// next completion is one row per participant and task; each completion is a row with the period
// keys its limits count under (local day, week from the task's refresh day) and a ref unique per
// task (the SDK event or page action that completed it), so a batch sent twice completes once.
export const m0014CheckInTasks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_checkins')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('make_up', 'integer', (c) => c.notNull())
      .addColumn('cycle', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('streak', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_checkins_pk', ['campaign_id', 'participant_id', 'day'])
      .execute();
    await db.schema
      .createTable('play_task_progress')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('task_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('progress', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_task_progress_pk', ['campaign_id', 'participant_id', 'task_id'])
      .execute();
    await db.schema
      .createTable('play_task_completions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('task_id', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('week', 'text', (c) => c.notNull())
      // `sdk` (an app event) or `page` (share, go button, sign-in on the page).
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('prize_id', 'text')
      .addColumn('reward_id', 'text')
      // `rewarded`, `outOfStock`, `overBudget` or `none` (no prize configured).
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('chances', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('play_task_completions_ref_uq', [
        'campaign_id',
        'participant_id',
        'task_id',
        'ref',
      ])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_task_completions').execute();
    await db.schema.dropTable('play_task_progress').execute();
    await db.schema.dropTable('play_checkins').execute();
  },
};
