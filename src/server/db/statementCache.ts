import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely's SQLite driver prepares
 * every query it runs: for the redirector's batched click INSERTs (hundreds of placeholders)
 * compiling cost as much as inserting. This hands Kysely the database with `prepare` answered
 * from a bounded cache keyed by SQL text. A statement still being iterated (a streamed query)
 * is busy and never handed out twice; SQLite recompiles a cached statement itself when the
 * schema changes under it.
 */
export function withStatementCache(database: SqliteDatabase, size = 256): KyselySqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last: the first entry is the one evicted.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
