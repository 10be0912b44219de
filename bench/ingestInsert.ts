// The anchors' bare inserts into sdk_events (bench:ingest): one prepared multi-row INSERT per
// row count, kept for the connection's life.
import type SqliteDatabase from 'better-sqlite3';
import { EVENT_COLUMNS } from '../src/server/sdk/ingestEvents';

/** The statement inserting `n` sdk_events rows (values in `EVENT_COLUMNS` order), prepared once. */
export function eventInserts(sqlite: SqliteDatabase.Database): (n: number) => SqliteDatabase.Statement {
  const rowSql = `(${EVENT_COLUMNS.map(() => '?').join(',')})`;
  const statements = new Map<number, SqliteDatabase.Statement>();
  return (n) => {
    let statement = statements.get(n);
    if (!statement) {
      statement = sqlite.prepare(
        `insert into sdk_events (${EVENT_COLUMNS.join(',')}) values ${Array(n).fill(rowSql).join(',')}`,
      );
      statements.set(n, statement);
    }
    return statement;
  };
}
