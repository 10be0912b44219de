import type { Kysely, Migration } from 'kysely';

// Risk control: the project's blocklist (one row per user id, device id or address range, unique
// per project and kind) and the risk audit trail. Both go with their project; an audit row keeps
// its campaign id after the campaign is deleted (a log, not a child of the campaign), and loses
// its actor, as campaign events do, when the member is deleted.
export const m0022RiskBlocklist: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('risk_blocklist')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('risk_blocklist_value_uq', ['project_id', 'kind', 'value'])
      .execute();
    await db.schema
      .createIndex('risk_blocklist_project_idx')
      .on('risk_blocklist')
      .columns(['project_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('risk_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('risk_audit_project_idx')
      .on('risk_audit')
      .columns(['project_id', 'id'])
      .execute();
    await db.schema
      .createIndex('risk_audit_campaign_idx')
      .on('risk_audit')
      .columns(['project_id', 'campaign_id', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('risk_audit').execute();
    await db.schema.dropTable('risk_blocklist').execute();
  },
};
