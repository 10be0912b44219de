import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

/** A new SDK access key: 24 random bytes, base64url (32 characters). */
function accessKey(): string {
  return randomBytes(24).toString('base64url');
}

// Deep links: templates, links, tags, event definitions, redirect settings, download
// pages, clicks, attributions, callback deliveries and the projects' SDK access keys.
// Dialect-neutral like m0001: text ids and times, integer flags.
export const m0003Links: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('projects').addColumn('access_key', 'text').execute();
    const projects = (await db
      .selectFrom('projects' as never)
      .select('id' as never)
      .execute()) as { id: string }[];
    for (const project of projects) {
      await db
        .updateTable('projects' as never)
        .set({ access_key: accessKey() } as never)
        .where('id' as never, '=', project.id as never)
        .execute();
    }
    await db.schema
      .createIndex('projects_access_key_idx')
      .on('projects')
      .column('access_key')
      .unique()
      .execute();

    await db.schema
      .createTable('link_templates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('link_templates_project_idx')
      .on('link_templates')
      .columns(['project_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('link_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // No action (checked at the end of the statement): the API refuses deleting a template
      // in use, while deleting the project removes links and templates together.
      .addColumn('template_id', 'text', (c) => c.notNull().references('link_templates.id'))
      .addColumn('redirect_mode', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('links_project_link_id_uq', ['project_id', 'link_id'])
      .execute();
    await db.schema
      .createIndex('links_project_created_idx')
      .on('links')
      .columns(['project_id', 'created_at'])
      .execute();
    await db.schema.createIndex('links_template_idx').on('links').column('template_id').execute();

    await db.schema
      .createTable('tags')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('tags_project_name_uq', ['project_id', 'name'])
      .execute();

    await db.schema
      .createTable('link_tags')
      .addColumn('link_id', 'text', (c) => c.notNull().references('links.id').onDelete('cascade'))
      .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('link_tags_pk', ['link_id', 'tag_id'])
      .execute();
    await db.schema.createIndex('link_tags_tag_idx').on('link_tags').column('tag_id').execute();

    await db.schema
      .createTable('events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('events_project_key_uq', ['project_id', 'key'])
      .execute();

    await db.schema
      .createTable('redirect_settings')
      .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
      .addColumn('default_url', 'text')
      .addColumn('android_url', 'text')
      .addColumn('ios_url', 'text')
      .addColumn('windows_url', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('download_pages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('download_pages_project_idx')
      .on('download_pages')
      .columns(['project_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('clicks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('link_id', 'text', (c) => c.notNull().references('links.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('os', 'text')
      .addColumn('os_version', 'text')
      .addColumn('brand', 'text')
      .addColumn('model', 'text')
      .addColumn('browser', 'text')
      .addColumn('is_bot', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('country', 'text')
      .addColumn('referrer', 'text')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('ip_hash', 'text')
      .addColumn('fingerprint', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('params', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('clicks_link_time_idx')
      .on('clicks')
      .columns(['link_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('clicks_fingerprint_idx')
      .on('clicks')
      .columns(['project_id', 'fingerprint', 'created_at'])
      .execute();

    await db.schema
      .createTable('attributions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('link_id', 'text', (c) => c.references('links.id').onDelete('set null'))
      .addColumn('click_id', 'text', (c) => c.references('clicks.id').onDelete('set null'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('matched', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('os', 'text')
      .addColumn('os_version', 'text')
      .addColumn('model', 'text')
      .addColumn('ip_hash', 'text')
      .addColumn('channel', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('attributions_project_time_idx')
      .on('attributions')
      .columns(['project_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('attributions_link_time_idx')
      .on('attributions')
      .columns(['link_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('attributions_device_idx')
      .on('attributions')
      .columns(['project_id', 'device_id', 'type'])
      .execute();

    await db.schema
      .createTable('callback_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('attribution_id', 'text', (c) =>
        c.notNull().references('attributions.id').onDelete('cascade'),
      )
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('http_status', 'integer')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema
      .createIndex('callback_deliveries_project_idx')
      .on('callback_deliveries')
      .columns(['project_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'callback_deliveries',
      'attributions',
      'clicks',
      'download_pages',
      'redirect_settings',
      'events',
      'link_tags',
      'tags',
      'links',
      'link_templates',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.dropIndex('projects_access_key_idx').ifExists().execute();
    await db.schema.alterTable('projects').dropColumn('access_key').execute();
  },
};
