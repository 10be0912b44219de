import type { Kysely, Migration } from 'kysely';

// Campaigns: campaigns with channels, status events and scheduled jobs, preview
// tokens, wizard drafts, the supporting lists (prizes, question banks, user types, callback
// addresses, reward forms and their submissions) and uploads. Dialect-neutral like m0001: text
// ids, ISO-8601 UTC text times, JSON as text, integer 0/1 flags. Every row belongs to a project
// and goes with it (ON DELETE CASCADE).

const TABLES = [
  'uploads',
  'reward_form_submissions',
  'reward_forms',
  'callback_addresses',
  'user_types',
  'questions',
  'question_banks',
  'prizes',
  'campaign_drafts',
  'preview_tokens',
  'scheduled_jobs',
  'campaign_events',
  'campaign_channels',
  'campaigns',
];

export const m0002Campaigns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('campaigns')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('mark', 'text', (c) => c.notNull())
      .addColumn('template_mark', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('goal', 'text')
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('phase', 'text', (c) => c.notNull())
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('start_text', 'text', (c) => c.notNull())
      .addColumn('end_text', 'text', (c) => c.notNull())
      .addColumn('timezone', 'text')
      .addColumn('online_at', 'text')
      .addColumn('whitelist_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('parent_id', 'text', (c) => c.references('campaigns.id').onDelete('set null'))
      .addColumn('download_page_id', 'text')
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('campaigns_project_idx')
      .on('campaigns')
      .columns(['project_id', 'area', 'created_at'])
      .execute();
    await db.schema.createIndex('campaigns_parent_idx').on('campaigns').column('parent_id').execute();

    await db.schema
      .createTable('campaign_channels')
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('campaign_channels_pk', ['campaign_id', 'key'])
      .execute();

    await db.schema
      .createTable('campaign_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_phase', 'text')
      .addColumn('to_phase', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('via', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('campaign_events_campaign_idx')
      .on('campaign_events')
      .columns(['campaign_id', 'created_at'])
      .execute();

    // Generic timed work: `kind` names the handler, `subject_id` what it acts on.
    await db.schema
      .createTable('scheduled_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text')
      .addColumn('run_at', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claim_token', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('error', 'text')
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('scheduled_jobs_due_idx')
      .on('scheduled_jobs')
      .columns(['state', 'run_at'])
      .execute();
    await db.schema
      .createIndex('scheduled_jobs_subject_idx')
      .on('scheduled_jobs')
      .columns(['subject_id', 'kind', 'state'])
      .execute();

    await db.schema
      .createTable('preview_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('preview_tokens_expiry_idx')
      .on('preview_tokens')
      .column('expires_at')
      .execute();

    // campaign_key is '' for a new campaign's draft, so the upsert key has no NULLs in it.
    await db.schema
      .createTable('campaign_drafts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('mark', 'text', (c) => c.notNull())
      .addColumn('template_mark', 'text')
      .addColumn('campaign_key', 'text', (c) => c.notNull())
      .addColumn('step', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('campaign_drafts_key', [
        'user_id',
        'project_id',
        'area',
        'kind',
        'mark',
        'campaign_key',
      ])
      .execute();

    // The supporting lists share one shape: the entity config plus a searchable name (and the
    // one column a list has a rule on: a user type's identifier, a callback's URL).
    const listTable = async (table: string, extra?: 'identifier' | 'url') => {
      let builder = db.schema
        .createTable(table)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull());
      if (extra) builder = builder.addColumn(extra, 'text', (c) => c.notNull());
      await builder
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`${table}_project_idx`)
        .on(table)
        .columns(['project_id', 'created_at'])
        .execute();
    };
    await listTable('prizes');
    await listTable('user_types', 'identifier');
    await listTable('callback_addresses', 'url');
    await listTable('reward_forms');
    await db.schema
      .createIndex('user_types_identifier_idx')
      .on('user_types')
      .columns(['project_id', 'identifier'])
      .unique()
      .execute();

    await db.schema
      .createTable('question_banks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('question_banks_project_idx')
      .on('question_banks')
      .columns(['project_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('questions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('bank_id', 'text', (c) => c.notNull().references('question_banks.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('questions_bank_idx')
      .on('questions')
      .columns(['bank_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('questions_project_idx')
      .on('questions')
      .columns(['project_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('reward_form_submissions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('form_id', 'text', (c) => c.notNull().references('reward_forms.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.references('campaigns.id').onDelete('set null'))
      .addColumn('participant', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('answers', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text')
      .execute();
    await db.schema
      .createIndex('reward_form_submissions_form_idx')
      .on('reward_form_submissions')
      .columns(['form_id', 'state', 'created_at'])
      .execute();
    await db.schema
      .createIndex('reward_form_submissions_campaign_idx')
      .on('reward_form_submissions')
      .column('campaign_id')
      .execute();

    await db.schema
      .createTable('uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('file_name', 'text', (c) => c.notNull().unique())
      .addColumn('original_name', 'text')
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('uploads_project_idx')
      .on('uploads')
      .columns(['project_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
  },
};
