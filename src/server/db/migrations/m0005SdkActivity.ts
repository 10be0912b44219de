import { sql, type Kysely, type Migration } from 'kysely';

// Each device-day row knows the device's previous active day, and
// `sdk_active_gaps` counts device-days per (day, days since the previous active day), so DAU, WAU
// and MAU read a few hundred counter rows instead of every device-day. Backfilled from m0004's rows.
export const m0005SdkActivity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sdk_device_days').addColumn('prev_day', 'integer').execute();
    await sql`update sdk_device_days set prev_day = (
        select max(p.day) from sdk_device_days p
        where p.project_id = sdk_device_days.project_id and p.device_id = sdk_device_days.device_id
          and p.day < sdk_device_days.day and p.day >= sdk_device_days.day - 31)`.execute(db);

    // prev_day: the previous active day within 31 days (null: none), so gap = day - prev_day is
    // 1..31, and 0 when there is none (a first day, or a return after more than 31 days).
    await db.schema
      .createTable('sdk_active_gaps')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('gap', 'integer', (c) => c.notNull())
      .addColumn('devices', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('sdk_active_gaps_pk', ['project_id', 'day', 'gap'])
      .execute();
    await sql`insert into sdk_active_gaps (project_id, day, gap, devices)
      select project_id, day,
        case when prev_day is null then 0 else day - prev_day end,
        count(*)
      from sdk_device_days
      group by project_id, day,
        case when prev_day is null then 0 else day - prev_day end`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sdk_active_gaps').ifExists().execute();
    await db.schema.alterTable('sdk_device_days').dropColumn('prev_day').execute();
  },
};
