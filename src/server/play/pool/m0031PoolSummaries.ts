import type { Kysely, Migration } from 'kysely';
import { createSummaryTable } from '../participantSummary';

// The coin pool's per-participant summary (coins earned and staked, each round's stake, tasks done
// and share), kept in the transaction of every write that changes it (participantSummary.ts). No
// backfill: a participant without a row has it rebuilt from the coin records and shares by their
// next page view or action, and stored.
export const m0031PoolSummaries: Migration = {
  async up(db: Kysely<unknown>) {
    await createSummaryTable(db, 'play_pool_summaries');
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_pool_summaries').execute();
  },
};
