import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { hotQuery } from './hotQuery';

interface Db {
  items: { id: string; owner: string; n: number; note: string | null };
}

function open() {
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
  return db;
}

describe('hotQuery', () => {
  let db: Kysely<Db>;
  afterEach(async () => {
    await db.destroy();
  });

  it('builds once per database and binds new values on every run, keeping built constants', async () => {
    db = open();
    await sql`create table items (id text primary key, owner text not null, n integer not null, note text)`.execute(
      db,
    );
    let builds = 0;
    const insert = hotQuery(['id', 'owner', 'n', 'note'], (d: Kysely<Db>, p: Db['items']) => {
      builds++;
      return d.insertInto('items').values(p);
    });
    await insert(db, { id: 'a', owner: 'x', n: 1, note: null });
    await insert(db, { id: 'b', owner: 'x', n: 5, note: 'five' });
    await insert(db, { id: 'c', owner: 'y', n: 7, note: null });
    const ofOwner = hotQuery(['owner', 'limit'], (d: Kysely<Db>, p: { owner: string; limit: number }) => {
      builds++;
      // 'b' is a constant of the query, not a value of the call.
      return d
        .selectFrom('items')
        .select(['id', 'n'])
        .where('owner', '=', p.owner)
        .where('id', '!=', 'b')
        .orderBy('id')
        .limit(p.limit);
    });
    expect((await ofOwner(db, { owner: 'x', limit: 10 })).rows).toEqual([{ id: 'a', n: 1 }]);
    expect((await ofOwner(db, { owner: 'y', limit: 10 })).rows).toEqual([{ id: 'c', n: 7 }]);
    const bump = hotQuery(['id', 'by'], (d: Kysely<Db>, p: { id: string; by: number }) => {
      builds++;
      return d
        .updateTable('items')
        .set({ n: sql`n + ${p.by}` })
        .where('id', '=', p.id)
        .where('n', '<', 100);
    });
    const done = await bump(db, { id: 'c', by: 3 });
    expect(Number(done.numAffectedRows)).toBe(1);
    expect((await ofOwner(db, { owner: 'y', limit: 1 })).rows).toEqual([{ id: 'c', n: 10 }]);
    expect(builds).toBe(3);

    // A transaction shares its database's compiled text.
    await db.transaction().execute(async (trx) => {
      await bump(trx, { id: 'a', by: 1 });
    });
    expect(builds).toBe(3);
    expect((await ofOwner(db, { owner: 'x', limit: 10 })).rows).toEqual([{ id: 'a', n: 2 }]);

    // Another database compiles again.
    const other = open();
    await sql`create table items (id text primary key, owner text not null, n integer not null, note text)`.execute(
      other,
    );
    expect((await ofOwner(other, { owner: 'x', limit: 10 })).rows).toEqual([]);
    expect(builds).toBe(4);
    await other.destroy();
  });

  it('refuses a run that lacks a named value', async () => {
    db = open();
    await sql`create table items (id text primary key, owner text not null, n integer not null, note text)`.execute(
      db,
    );
    const byId = hotQuery(['id'], (d: Kysely<Db>, p: { id: string }) =>
      d.selectFrom('items').selectAll().where('id', '=', p.id),
    );
    await expect(byId(db, {} as { id: string })).rejects.toThrow('no value for "id"');
  });
});
