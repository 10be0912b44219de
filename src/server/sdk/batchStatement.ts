import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Database } from '../db/tables';

// Multi-row statements are built once per (statement, row count) with Kysely, so the SQL text
// and its placeholders match the database, then run again with fresh parameters: no query
// building per batch. Parameters are row-major in column order, as Kysely compiles VALUES lists.
const texts = new WeakMap<object, Map<string, string>>();

/**
 * Runs the multi-row statement `name` for `rows` (each an array of column values). `build(n)`
 * returns the Kysely query for n placeholder rows; its compiled text is cached per executor kind.
 */
export async function runBatchStatement<R>(
  db: Kysely<Database>,
  name: string,
  rows: readonly unknown[][],
  build: (db: Kysely<Database>, n: number) => Compilable<R>,
): Promise<R[]> {
  if (rows.length === 0) return [];
  return (await executeBatch<R>(db, name, rows, build)).rows;
}

/** `runBatchStatement` for a statement that returns no rows: answers the rows it changed. */
export async function runBatchWrite(
  db: Kysely<Database>,
  name: string,
  rows: readonly unknown[][],
  build: (db: Kysely<Database>, n: number) => Compilable<unknown>,
): Promise<number> {
  if (rows.length === 0) return 0;
  return Number((await executeBatch(db, name, rows, build)).numAffectedRows ?? 0);
}

async function executeBatch<R>(
  db: Kysely<Database>,
  name: string,
  rows: readonly unknown[][],
  build: (db: Kysely<Database>, n: number) => Compilable<R>,
): Promise<QueryResult<R>> {
  const adapter = db.getExecutor().adapter;
  let cache = texts.get(adapter);
  if (!cache) {
    cache = new Map();
    texts.set(adapter, cache);
  }
  const key = `${name}:${rows.length}`;
  const params = flatten(rows);
  let text = cache.get(key);
  if (!text) {
    const compiled = build(db, rows.length).compile();
    if (compiled.parameters.length !== params.length) {
      throw new Error(
        `${name}: expected ${params.length} parameters, the statement has ${compiled.parameters.length}`,
      );
    }
    text = compiled.sql;
    cache.set(key, text);
  }
  return db.executeQuery<R>(CompiledQuery.raw(text, params));
}

/**
 * The rows' values in one array, row after row. A plain loop: `rows.flat()` cost about 4 µs per
 * 21-value row in V8, more than ten times this, and a sizeable part of an SDK event's ingest
 * (bench:ingest).
 */
function flatten(rows: readonly unknown[][]): unknown[] {
  const out: unknown[] = [];
  for (const row of rows) for (const value of row) out.push(value);
  return out;
}

// Rows per statement: 21 columns x 250 rows (sdk_events, the widest) stays well below SQLite's
// (32 766) and PostgreSQL's (65 535) bind limits.
const CHUNK = 250;

/** `items` in runs of `size` (by default the rows of one multi-row statement). */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Placeholder rows of `columns` for building a statement (values are replaced at run time). */
export function placeholderRows<C extends string>(columns: readonly C[], n: number): Record<C, string>[] {
  const row = Object.fromEntries(columns.map((c) => [c, 'x'])) as Record<C, string>;
  return Array.from({ length: n }, () => row);
}
