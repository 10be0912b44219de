import type { Kysely, Migration } from 'kysely';

// Fragment collection: each participant's fragments per kind (a conditional decrement
// never lets a count go below zero, so exchanges and gifts cannot spend a fragment twice), and the
// gifts and requests between friends (a transfer is taken once with a conditional update).
export const m0012Collect: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_fragments')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('fragment_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('count', 'integer', (c) => c.notNull())
      // Drawn by this participant in all (the report's draw distribution).
      .addColumn('drawn', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_fragments_pk', ['campaign_id', 'participant_id', 'fragment_id'])
      .execute();
    await db.schema
      .createTable('play_fragment_transfers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      // `gift` (the giver's fragment is set aside) or `ask` (a request any friend may answer).
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('fragment_id', 'text', (c) => c.notNull())
      .addColumn('from_participant_id', 'text')
      .addColumn('to_participant_id', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('done_at', 'text')
      .execute();
    await db.schema
      .createIndex('play_fragment_transfers_campaign_idx')
      .on('play_fragment_transfers')
      .columns(['campaign_id', 'state'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_fragment_transfers').execute();
    await db.schema.dropTable('play_fragments').execute();
  },
};
