import type { Kysely, Migration } from 'kysely';

// Dialect-neutral: text ids and ISO-8601 UTC text times, no dialect-specific column types.
export const m0001Foundation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('organisations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) =>
        c.notNull().references('organisations.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('last_login_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_organisation_idx').on('users').column('organisation_id').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('login_failures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('login_failures_email_idx')
      .on('login_failures')
      .columns(['email', 'created_at'])
      .execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();

    await db.schema
      .createTable('projects')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) =>
        c.notNull().references('organisations.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('domain_prefix', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('projects_organisation_idx')
      .on('projects')
      .column('organisation_id')
      .execute();

    await db.schema
      .createTable('project_platforms')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('platform', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('project_platforms_pk', ['project_id', 'platform'])
      .execute();

    await db.schema
      .createTable('project_grants')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('permission', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('project_grants_pk', ['project_id', 'user_id'])
      .execute();
    await db.schema.createIndex('project_grants_user_idx').on('project_grants').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'project_grants',
      'project_platforms',
      'projects',
      'password_resets',
      'login_failures',
      'sessions',
      'users',
      'organisations',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
