import type { Kysely, Migration } from 'kysely';

// Risk control in play. `risk_counters` holds one row per campaign, rule scope and key (a device,
// an address, a /24 or /64 range, a user id, a participant): the count in its current window (a
// local day or a minute), reset when the window moves on, so a limit is one conditional upsert
// and the table never grows past the keys that played. `risk_refusals` counts what was refused
// (and the app events ignored for their source) per campaign, local day and rule; `risk_offenders`
// the refusals per key, for the report's top offenders. `risk_devices` remembers which devices a
// user id opened sessions from (many devices per user, many user ids per device). A flagged entry
// (`play_entries.risk_flag`) keeps playing but shows in the report; a reward on hold
// (`reward_records.held_at`) is not delivered until an operator releases it.
export const m0023PlayRisk: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('risk_counters')
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('risk_counters_pk', ['campaign_id', 'scope', 'key'])
      .execute();
    await db.schema
      .createTable('risk_refusals')
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('risk_refusals_pk', ['campaign_id', 'day', 'rule'])
      .execute();
    await db.schema
      .createTable('risk_offenders')
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('refused', 'integer', (c) => c.notNull())
      .addColumn('last_rule', 'text', (c) => c.notNull())
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('risk_offenders_pk', ['campaign_id', 'kind', 'value'])
      .execute();
    await db.schema
      .createTable('risk_devices')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('risk_devices_pk', ['project_id', 'user_id', 'device_id'])
      .execute();
    await db.schema
      .createIndex('risk_devices_device_idx')
      .on('risk_devices')
      .columns(['project_id', 'device_id'])
      .execute();
    await db.schema.alterTable('play_entries').addColumn('risk_flag', 'text').execute();
    await db.schema.alterTable('reward_records').addColumn('held_at', 'text').execute();
    await db.schema.alterTable('reward_records').addColumn('held_by', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('reward_records').dropColumn('held_by').execute();
    await db.schema.alterTable('reward_records').dropColumn('held_at').execute();
    await db.schema.alterTable('play_entries').dropColumn('risk_flag').execute();
    await db.schema.dropTable('risk_devices').execute();
    await db.schema.dropTable('risk_offenders').execute();
    await db.schema.dropTable('risk_refusals').execute();
    await db.schema.dropTable('risk_counters').execute();
  },
};
