import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statementCache';

describe('withStatementCache', () => {
  let raw: SqliteDatabase.Database;
  afterEach(() => {
    if (raw.open) raw.close();
  });

  it('hands out one compiled statement per SQL text, and a fresh one while it is busy', () => {
    raw = new SqliteDatabase(':memory:');
    raw.exec('create table t (n integer); insert into t values (1), (2), (3)');
    const db = withStatementCache(raw);
    const a = db.prepare('select n from t order by n');
    expect(db.prepare('select n from t order by n')).toBe(a);
    const iterating = (a as unknown as SqliteDatabase.Statement).iterate();
    iterating.next();
    // A streamed query is still reading with the cached statement: a second reader gets its own.
    const b = db.prepare('select n from t order by n');
    expect(b).not.toBe(a);
    expect((b as unknown as SqliteDatabase.Statement).all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    iterating.return?.();
    expect(db.prepare('select n from t order by n')).toBe(a);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    raw = new SqliteDatabase(':memory:');
    const db = withStatementCache(raw, 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one); // now the most recent
    db.prepare('select 3'); // evicts "select 2"
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
  });

  it('sees schema changes made after a statement was cached', () => {
    raw = new SqliteDatabase(':memory:');
    raw.exec('create table t (a integer)');
    const db = withStatementCache(raw);
    const select = () => (db.prepare('select * from t') as unknown as SqliteDatabase.Statement).all();
    raw.exec('insert into t values (1)');
    expect(select()).toEqual([{ a: 1 }]);
    raw.exec('alter table t add column b text');
    expect(select()).toEqual([{ a: 1, b: null }]);
    db.close();
    expect(raw.open).toBe(false);
  });
});
