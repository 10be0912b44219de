import type { Kysely, Migration } from 'kysely';

// Web-to-app: Turbo Banners and Turbo Scripts as supporting-list rows (the columns of
// prizes and tasks) plus their status and the link / link template they name, and the events
// their web SDK reports (impressions, clicks, dismissals, link rewrites), once per event id
// (the unique index makes a retried beacon count once). Everything goes with its project (ON
// DELETE CASCADE); a banner's or script's events are deleted with it (by the delete route).
export const m0018Turbo: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('turbo_banners')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      // The 6-character public id of the link the button opens, and the link template.
      .addColumn('link_id', 'text', (c) => c.notNull())
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('turbo_banners_project_idx')
      .on('turbo_banners')
      .columns(['project_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('turbo_scripts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      // Null: every link of the project's hosts is rewritten.
      .addColumn('template_id', 'text')
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('turbo_scripts_project_idx')
      .on('turbo_scripts')
      .columns(['project_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('turbo_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('target_kind', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      // Local day number (days since 1970-01-01) in the project's rollup zone, like sdk_events.day.
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('links', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('turbo_events_event_idx')
      .on('turbo_events')
      .columns(['project_id', 'event_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('turbo_events_report_idx')
      .on('turbo_events')
      .columns(['project_id', 'target_id', 'day'])
      .execute();
    // A time zone change re-stamps the days range by range (restampDays).
    await db.schema
      .createIndex('turbo_events_time_idx')
      .on('turbo_events')
      .columns(['project_id', 'time'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('turbo_events').execute();
    await db.schema.dropTable('turbo_scripts').execute();
    await db.schema.dropTable('turbo_banners').execute();
  },
};
