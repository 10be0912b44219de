import type { Kysely, Migration } from 'kysely';

// The coin pool: the coin records of each participant (earned from tasks, deducted
// when staked, a round's share claimed or expired unclaimed; `ref` unique per participant so a
// task pays once per round and a claim happens once), one row per settled round (its primary key
// makes a round settle once) and each participant's share of it.
export const m0013Pool: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_coin_records')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      // `earn`, `deduct`, `claim` or `expired`.
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('round', 'integer')
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('play_coin_records_ref_uq', ['campaign_id', 'participant_id', 'ref'])
      .execute();
    await db.schema
      .createIndex('play_coin_records_round_idx')
      .on('play_coin_records')
      .columns(['campaign_id', 'round', 'kind'])
      .execute();
    await db.schema
      .createTable('play_pool_rounds')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('settled_at', 'text', (c) => c.notNull())
      .addColumn('staked', 'integer', (c) => c.notNull())
      .addColumn('shared', 'integer', (c) => c.notNull())
      .addColumn('audit', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_pool_rounds_pk', ['campaign_id', 'round'])
      .execute();
    await db.schema
      .createTable('play_pool_shares')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('coins', 'integer', (c) => c.notNull())
      .addColumn('share', 'integer', (c) => c.notNull())
      .addColumn('claimed_at', 'text')
      .addColumn('reward_id', 'text')
      .addColumn('expired_at', 'text')
      .addPrimaryKeyConstraint('play_pool_shares_pk', ['campaign_id', 'round', 'participant_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_pool_shares').execute();
    await db.schema.dropTable('play_pool_rounds').execute();
    await db.schema.dropTable('play_coin_records').execute();
  },
};
