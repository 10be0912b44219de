import type { Kysely, Migration } from 'kysely';

// One Idempotency-Key is one request. An action's row keeps the fingerprint of the request that
// wrote it (sha256 of the action name and the canonical JSON body; rows written before have none
// and match by action name), and a request holds its key in `play_action_claims` while it runs: a
// row made in its own short transaction before the action's, deleted in the action's transaction
// when it commits, or after it when it fails. A claim left by a server that stopped mid-request
// counts as abandoned once old enough (`claimed_at`), and `token` names the request that holds it.
export const m0020PlayIdempotency: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('play_actions').addColumn('fingerprint', 'text').execute();
    await db.schema
      .createTable('play_action_claims')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('play_action_claims_pk', ['campaign_id', 'participant_id', 'idempotency_key'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_action_claims').execute();
    await db.schema.alterTable('play_actions').dropColumn('fingerprint').execute();
  },
};
