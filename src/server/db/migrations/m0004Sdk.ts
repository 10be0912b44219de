import { sql, type Kysely, type Migration } from 'kysely';

// SDK ingestion and analysis: raw SDK events, the rollups kept on ingest (device
// first-seen, device activity per day, event counts per day, SDK versions), test devices, dev
// config, API request logs, overview dashboards and the access key's rotation time.
// Dialect-neutral like m0001: text ids and times, integer days and flags.
export const m0004Sdk: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('projects').addColumn('access_key_rotated_at', 'text').execute();

    // No surrogate id: the primary key (project, client event id) is what makes retries idempotent.
    await db.schema
      .createTable('sdk_events')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('link_id', 'text')
      .addColumn('activity_id', 'text')
      .addColumn('source', 'text')
      .addColumn('sdk_version', 'text')
      .addColumn('app_version', 'text')
      .addColumn('os', 'text')
      .addColumn('os_version', 'text')
      .addColumn('country', 'text')
      .addColumn('language', 'text')
      .addColumn('test_device', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sdk_events_pk', ['project_id', 'event_id'])
      .execute();
    await db.schema
      .createIndex('sdk_events_project_time_idx')
      .on('sdk_events')
      .columns(['project_id', 'time'])
      .execute();

    await db.schema
      .createTable('sdk_devices')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('first_day', 'integer', (c) => c.notNull())
      .addColumn('prev_first_day', 'integer')
      .addColumn('last_day', 'integer', (c) => c.notNull())
      .addColumn('last_time', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('os', 'text')
      .addColumn('app_version', 'text')
      .addColumn('sdk_version', 'text')
      .addColumn('country', 'text')
      .addColumn('language', 'text')
      .addColumn('user_id', 'text')
      .addPrimaryKeyConstraint('sdk_devices_pk', ['project_id', 'device_id'])
      .execute();

    await db.schema
      .createTable('sdk_device_days')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('cohort_day', 'integer', (c) => c.notNull())
      .addColumn('events', 'integer', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('os', 'text')
      .addColumn('app_version', 'text')
      .addColumn('country', 'text')
      .addColumn('language', 'text')
      .addPrimaryKeyConstraint('sdk_device_days_pk', ['project_id', 'device_id', 'day'])
      .execute();
    // DAU/WAU/MAU read (project, day); retention reads (project, cohort, day): both covering.
    await db.schema
      .createIndex('sdk_device_days_day_idx')
      .on('sdk_device_days')
      .columns(['project_id', 'day', 'device_id'])
      .execute();
    await db.schema
      .createIndex('sdk_device_days_cohort_idx')
      .on('sdk_device_days')
      .columns(['project_id', 'cohort_day', 'day'])
      .execute();

    await db.schema
      .createTable('sdk_event_counts')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('events', 'integer', (c) => c.notNull())
      .addColumn('test_events', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('sdk_event_counts_pk', ['project_id', 'day', 'name', 'platform'])
      .execute();

    await db.schema
      .createTable('sdk_versions')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('sdk_version', 'text', (c) => c.notNull())
      .addColumn('events', 'integer', (c) => c.notNull())
      .addColumn('last_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sdk_versions_pk', ['project_id', 'platform', 'sdk_version'])
      .execute();

    await db.schema
      .createTable('test_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('test_devices_project_device_uq', ['project_id', 'device_id'])
      .execute();

    await db.schema
      .createTable('dev_configs')
      .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
      .addColumn('token_callback_url', 'text')
      .addColumn('ip_whitelist', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('api_request_logs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('request', 'text')
      .addColumn('response', 'text')
      .addColumn('error', 'text')
      .addColumn('headers', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('api_request_logs_project_time_idx')
      .on('api_request_logs')
      .columns(['project_id', 'time'])
      .execute();

    await db.schema
      .createTable('overviews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('overviews_project_idx')
      .on('overviews')
      .columns(['project_id', 'created_at'])
      .execute();
    // At most one default dashboard per project, whatever the requests race.
    await db.schema
      .createIndex('overviews_default_uq')
      .on('overviews')
      .column('project_id')
      .unique()
      .where(sql.ref('is_default'), '=', 1)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'overviews',
      'api_request_logs',
      'dev_configs',
      'test_devices',
      'sdk_versions',
      'sdk_event_counts',
      'sdk_device_days',
      'sdk_devices',
      'sdk_events',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable('projects').dropColumn('access_key_rotated_at').execute();
  },
};
