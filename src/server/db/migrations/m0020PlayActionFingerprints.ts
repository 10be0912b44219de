import type { Kysely, Migration } from 'kysely';

// One Idempotency-Key is one request: an action's row keeps the fingerprint of the request that
// wrote it (requestFingerprint.ts: sha256 of the action name and the canonical JSON body), so the
// key sent again with another action or body is told apart. Rows written before have none and
// match by action name.
export const m0020PlayActionFingerprints: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('play_actions').addColumn('fingerprint', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('play_actions').dropColumn('fingerprint').execute();
  },
};
