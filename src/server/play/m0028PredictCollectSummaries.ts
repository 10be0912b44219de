import type { Kysely, Migration } from 'kysely';
import { createSummaryTable } from './participantSummary';

// The per-participant summaries of match prediction (the participant's picks) and of fragment
// collection (their fragments and open gifts and requests), kept in the transaction of every write
// that changes them (participantSummary.ts). No backfill: a participant without a row (everyone,
// right after this migration) has it rebuilt from the mechanic's tables by their next page view or
// action, and stored. Listed by both modules.
export const m0028PredictCollectSummaries: Migration = {
  async up(db: Kysely<unknown>) {
    await createSummaryTable(db, 'play_predict_summaries');
    await createSummaryTable(db, 'play_collect_summaries');
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_collect_summaries').execute();
    await db.schema.dropTable('play_predict_summaries').execute();
  },
};
