import type { Kysely, Migration } from 'kysely';

// Match prediction and voting: one pick per participant and match (the unique key is
// the rule) with picks per option counted beside them, the results an operator enters per match, and one settlement row per campaign whose
// primary key makes settling happen once however many servers or jobs try at the same time.
export const m0009Predict: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_predict_picks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('match_id', 'text', (c) => c.notNull())
      .addColumn('option_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('play_predict_picks_once_uq', ['campaign_id', 'participant_id', 'match_id'])
      .execute();
    await db.schema
      .createIndex('play_predict_picks_option_idx')
      .on('play_predict_picks')
      .columns(['campaign_id', 'match_id', 'option_id'])
      .execute();
    // Picks per option, counted in the pick's transaction: the page's totals read a few rows
    // instead of grouping every pick of the campaign on each view.
    await db.schema
      .createTable('play_predict_totals')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('match_id', 'text', (c) => c.notNull())
      .addColumn('option_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('picks', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_predict_totals_pk', ['campaign_id', 'match_id', 'option_id'])
      .execute();
    await db.schema
      .createTable('play_predict_results')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('match_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('option_id', 'text', (c) => c.notNull())
      .addColumn('entered_by', 'text')
      .addColumn('entered_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_predict_results_pk', ['campaign_id', 'match_id'])
      .execute();
    await db.schema
      .createTable('play_predict_settlements')
      .addColumn('campaign_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('settled_at', 'text', (c) => c.notNull())
      .addColumn('settled_by', 'text')
      // JSON { mode, method, results, qualified, order, random } kept so a settlement can be re-checked.
      .addColumn('audit', 'text', (c) => c.notNull())
      .addColumn('qualified', 'integer', (c) => c.notNull())
      .addColumn('winners', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_predict_settlements').execute();
    await db.schema.dropTable('play_predict_results').execute();
    await db.schema.dropTable('play_predict_totals').execute();
    await db.schema.dropTable('play_predict_picks').execute();
  },
};
