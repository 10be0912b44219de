import type { Kysely, Migration } from 'kysely';

// The invite contest: one settlement row per contest whose primary key makes the rank
// rewards given once, however many servers or jobs settle at the same time.
export const m0011Contest: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_contest_settlements')
      .addColumn('campaign_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('settled_at', 'text', (c) => c.notNull())
      .addColumn('settled_by', 'text')
      // JSON { ranking, awarded } kept so a settlement can be re-checked.
      .addColumn('audit', 'text', (c) => c.notNull())
      .addColumn('ranked', 'integer', (c) => c.notNull())
      .addColumn('winners', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_contest_settlements').execute();
  },
};
