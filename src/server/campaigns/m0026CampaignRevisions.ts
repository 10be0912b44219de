import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

// A campaign's revision: a number the database itself raises on every change of the row, whoever
// writes it (the console, a scheduled job, a migration, an operator's SQL). The participant API
// reads it from an index alone on every request and parses the campaign's config only when it
// moved: the config (often tens of KB) is read once per change, not once per request.
export const m0026CampaignRevisions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('campaigns')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('campaigns_revision_idx')
      .on('campaigns')
      .columns(['id', 'revision'])
      .execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create function campaigns_next_revision() returns trigger language plpgsql as $$
        begin
          if new.revision = old.revision then new.revision := old.revision + 1; end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger campaigns_revision before update on campaigns
        for each row execute function campaigns_next_revision()`.execute(db);
    } else {
      // An update that sets the revision itself is left as it is (and does not fire this again).
      await sql`create trigger campaigns_revision after update on campaigns
        for each row when new.revision = old.revision
        begin update campaigns set revision = old.revision + 1 where rowid = new.rowid; end`.execute(db);
    }
  },
};
