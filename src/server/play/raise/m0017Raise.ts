import type { Kysely, Migration } from 'kysely';

// Raising a dog or a tree: each participant's pet (its state as the engine keeps it,
// src/engine/play/raise.ts, and the reward of the last stage once given), and friends' help, once
// per friend, pet and local day (the primary key).
export const m0017Raise: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_pets')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      // Copies of the state's figures for the report.
      .addColumn('stage', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('failure', 'text')
      .addColumn('revivals', 'integer', (c) => c.notNull())
      .addColumn('events', 'integer', (c) => c.notNull())
      .addColumn('reward_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_pets_pk', ['campaign_id', 'participant_id'])
      .execute();
    await db.schema
      .createTable('play_pet_helps')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('participants.id').onDelete('cascade'))
      .addColumn('helper_id', 'text', (c) => c.notNull().references('participants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('succeeded', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_pet_helps_pk', ['campaign_id', 'owner_id', 'helper_id', 'day'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_pet_helps').execute();
    await db.schema.dropTable('play_pets').execute();
  },
};
