import { sql, type Kysely, type Migration } from 'kysely';

// Analytics days are the project's local days. `time_zone` is the project's setting (an
// IANA zone or GMT+08:00); `rollup_time_zone` is the zone its stored day columns (`sdk_events.day`
// and the rollups) are counted in. Projects made before get GMT+08:00 (Asia/Shanghai, the default
// of the console's default language zh-CN) while their rollups are still UTC: the first start after
// this migration rebuilds them (`rebuildStaleRollups`, run by `migrate` after the migrations, so the
// rebuild is always the current code over the current tables).
export const m0006ProjectTimeZones: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('projects')
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .execute();
    await db.schema
      .alterTable('projects')
      .addColumn('rollup_time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .execute();
    await sql`update projects set time_zone = 'Asia/Shanghai'`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('projects').dropColumn('rollup_time_zone').execute();
    await db.schema.alterTable('projects').dropColumn('time_zone').execute();
  },
};
