import type { Kysely, Migration } from 'kysely';

// The dice board: each participant's place on the board and the laps they made. Rolls
// are the campaign's chances (initial dice, dice earned by tasks), spent one per roll.
export const m0016Dice: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_dice_positions')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('laps', 'integer', (c) => c.notNull())
      .addColumn('rolls', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_dice_positions_pk', ['campaign_id', 'participant_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_dice_positions').execute();
  },
};
