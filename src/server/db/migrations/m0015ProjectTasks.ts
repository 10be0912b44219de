import type { Kysely, Migration } from 'kysely';

// The project's task center: tasks as supporting-list rows (the same columns as
// prizes and user types) plus the task key, unique per project, the event and the status
// (online or offline). Goes with its project (ON DELETE CASCADE).
export const m0015ProjectTasks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('project_tasks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('task_key', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('project_tasks_project_idx')
      .on('project_tasks')
      .columns(['project_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('project_tasks_key_idx')
      .on('project_tasks')
      .columns(['project_id', 'task_key'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('project_tasks').execute();
  },
};
