import type { Kysely, Migration } from 'kysely';

// Sign-in summaries: one row per participant and campaign with the state after their check-ins
// and the current cycle's days, kept with every check-in written (m0014's `play_checkins`). No
// backfill: a participant's missing row is rebuilt from their check-ins the first time it is read,
// and stored.
export const m0030CheckInSummaries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_checkin_summaries')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_checkin_summaries_pk', ['campaign_id', 'participant_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_checkin_summaries').execute();
  },
};
