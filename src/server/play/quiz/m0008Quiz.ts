import type { Kysely, Migration } from 'kysely';

// The prize quiz: one row per attempt, holding the questions the server asked (so the
// answer is scored against those, never against what the page says it was asked), its deadline,
// and once answered its score and the reward it earned. An attempt is answered once: the answer
// sets `answered_at` with a conditional UPDATE.
export const m0008Quiz: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_quiz_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      // JSON array of question ids, in the order asked.
      .addColumn('questions', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('deadline', 'text')
      .addColumn('answered_at', 'text')
      // JSON { questionId: optionIds[] } as received (for the answer distribution of the report).
      .addColumn('picks', 'text')
      .addColumn('score_hundredths', 'integer')
      .addColumn('possible_hundredths', 'integer')
      .addColumn('correct', 'integer')
      .addColumn('outcome', 'text')
      .addColumn('reward_id', 'text')
      .execute();
    await db.schema
      .createIndex('play_quiz_attempts_participant_idx')
      .on('play_quiz_attempts')
      .columns(['campaign_id', 'participant_id', 'started_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_quiz_attempts').execute();
  },
};
