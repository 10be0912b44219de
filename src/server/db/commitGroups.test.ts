import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { commitGroups, GROUP_LIMIT } from './commitGroups';
import type { Database } from './tables';

interface TestTables {
  parent: { id: number };
  child: { id: number; parent_id: number };
}

// The group runs whatever its units write; two small tables stand in for the play tables.
function testDb(): { db: Kysely<Database>; log: string[] } {
  const raw = new SqliteDatabase(':memory:');
  raw.pragma('foreign_keys = ON');
  raw.exec(`create table parent (id integer primary key);
    create table child (id integer primary key,
      parent_id integer references parent (id) deferrable initially deferred)`);
  const log: string[] = [];
  const db = new Kysely<TestTables>({
    dialect: new SqliteDialect({ database: raw }),
    log: (event) => {
      const text = event.query.sql.toLowerCase();
      if (/^(begin|commit|rollback|savepoint|release|rollback to)\b/.test(text)) log.push(text.split(' ')[0]);
    },
  });
  return { db: db as unknown as Kysely<Database>, log };
}

const tables = (trx: unknown) => trx as Kysely<TestTables>;
const ids = async (db: Kysely<Database>) =>
  (await tables(db).selectFrom('parent').select('id').orderBy('id').execute()).map((r) => r.id);

let opened: Kysely<Database> | undefined;
afterEach(async () => {
  await opened?.destroy();
  opened = undefined;
});

describe('commitGroups on SQLite', () => {
  it('runs units that arrive together in one transaction with one commit, each answered after it', async () => {
    const { db, log } = testDb();
    opened = db;
    const groups = commitGroups(db, 'sqlite');
    const answered: string[] = [];
    const units = [1, 2, 3, 4, 5].map((id) =>
      groups
        .run(async (trx) => {
          await tables(trx).insertInto('parent').values({ id }).execute();
          return id * 10;
        })
        .then((value) => {
          answered.push(`${value} after ${log.filter((l) => l === 'commit').length} commit`);
          return value;
        }),
    );
    expect(await Promise.all(units)).toEqual([10, 20, 30, 40, 50]);
    expect(log.filter((l) => l === 'begin')).toHaveLength(1);
    expect(log.filter((l) => l === 'commit')).toHaveLength(1);
    expect(answered).toEqual([
      '10 after 1 commit',
      '20 after 1 commit',
      '30 after 1 commit',
      '40 after 1 commit',
      '50 after 1 commit',
    ]);
    expect(await ids(db)).toEqual([1, 2, 3, 4, 5]);
  });

  it("undoes a failing unit's own writes only, and answers it its own error", async () => {
    const { db } = testDb();
    opened = db;
    const groups = commitGroups(db, 'sqlite');
    const refused = new Error('refused');
    const results = await Promise.allSettled(
      [1, 2, 3].map((id) =>
        groups.run(async (trx) => {
          await tables(trx).insertInto('parent').values({ id }).execute();
          if (id === 2) {
            await tables(trx).insertInto('parent').values({ id: 20 }).execute();
            throw refused;
          }
          return id;
        }),
      ),
    );
    expect(results).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: refused },
      { status: 'fulfilled', value: 3 },
    ]);
    expect(await ids(db)).toEqual([1, 3]);
  });

  it('rolls a lone failing unit back', async () => {
    const { db, log } = testDb();
    opened = db;
    const failed = commitGroups(db, 'sqlite').run(async (trx) => {
      await tables(trx).insertInto('parent').values({ id: 7 }).execute();
      throw new Error('no');
    });
    await expect(failed).rejects.toThrow('no');
    expect(log).toEqual(['begin', 'rollback']);
    expect(await ids(db)).toEqual([]);
  });

  it('fails every unit of a group whose commit fails, and writes none of them', async () => {
    const { db } = testDb();
    opened = db;
    const groups = commitGroups(db, 'sqlite');
    const results = await Promise.allSettled(
      [1, 2].map((id) =>
        groups.run(async (trx) => {
          await tables(trx).insertInto('parent').values({ id }).execute();
          // A child of no parent: the deferred foreign key fails the commit, not the insert.
          if (id === 2) await tables(trx).insertInto('child').values({ id: 1, parent_id: 99 }).execute();
          return id;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await ids(db)).toEqual([]);
    // The queue goes on: the next unit has a group of its own.
    await groups.run((trx) => tables(trx).insertInto('parent').values({ id: 3 }).execute());
    expect(await ids(db)).toEqual([3]);
  });

  it(`runs at most ${GROUP_LIMIT} units in a group`, async () => {
    const { db, log } = testDb();
    opened = db;
    const groups = commitGroups(db, 'sqlite');
    const count = GROUP_LIMIT + 6;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        groups.run((trx) =>
          tables(trx)
            .insertInto('parent')
            .values({ id: i + 1 })
            .execute(),
        ),
      ),
    );
    expect(log.filter((l) => l === 'commit')).toHaveLength(2);
    expect((await ids(db)).length).toBe(count);
  });

  it('lets a unit see the writes of the units before it in its group', async () => {
    const { db } = testDb();
    opened = db;
    const groups = commitGroups(db, 'sqlite');
    const counts = await Promise.all(
      [1, 2, 3].map((id) =>
        groups.run(async (trx) => {
          await tables(trx).insertInto('parent').values({ id }).execute();
          const { rows } = await sql<{ n: number }>`select count(*) as n from parent`.execute(trx);
          return rows[0].n;
        }),
      ),
    );
    expect(counts).toEqual([1, 2, 3]);
  });
});
