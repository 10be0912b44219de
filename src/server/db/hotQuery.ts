import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './tables';

/**
 * A query of a hot path (a player's draw runs a dozen per request), built with Kysely's typed
 * builder once per database and then run again with new values, instead of building and
 * compiling its operation tree on every call (profiled: about a sixth of a draw's CPU).
 *
 * `build` receives placeholders for the named values and must give a query whose shape does not
 * depend on them (no `if` on a value): each placeholder becomes one bound parameter, and every
 * other value in the query stays as it was built. A value the query does not need may be left
 * out of `names`; a named value missing at run time is an error, never a silent null.
 *
 * The SQL text is compiled per database (dialect and Kysely instance: the instance's adapter is
 * shared by its transactions), so the same query runs on SQLite and PostgreSQL alike.
 */
export function hotQuery<P extends Record<string, unknown>, O, D>(
  names: readonly (keyof P & string)[],
  build: (db: Kysely<D>, p: P) => Compilable<O>,
): (db: Kysely<D>, values: P) => Promise<QueryResult<O>> {
  const compiled = new WeakMap<object, { sql: string; plan: Slot[] }>();
  return async (db, values) => {
    const key = db.getExecutor().adapter;
    let query = compiled.get(key);
    if (!query) {
      query = compile(db, names, build);
      compiled.set(key, query);
    }
    const parameters = query.plan.map((slot) => {
      if (!('name' in slot)) return slot.value;
      const value = values[slot.name];
      if (value === undefined) throw new Error(`hotQuery: no value for "${slot.name}"`);
      return value;
    });
    return db.executeQuery(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<O>);
  };
}

type Slot = { name: string } | { value: unknown };

function compile<P, O, D>(
  db: Kysely<D>,
  names: readonly string[],
  build: (db: Kysely<D>, p: P) => Compilable<O>,
): { sql: string; plan: Slot[] } {
  // Each placeholder is an object of its own, so it is told apart from any value by identity.
  const placeholders = new Map<unknown, string>();
  const p: Record<string, unknown> = {};
  for (const name of names) {
    const placeholder = Object.freeze({ hotQueryParameter: name });
    placeholders.set(placeholder, name);
    p[name] = placeholder;
  }
  const { sql, parameters } = build(db, p as P).compile();
  const plan = parameters.map((value): Slot => {
    const name = placeholders.get(value);
    return name === undefined ? { value } : { name };
  });
  return { sql, plan };
}

/**
 * The one-row INSERT of a hot path: every column of `Row` is a named value, so a row missing one
 * is an error at run time, and `columns` (an object with every key of `Row`) fails to type-check
 * when the table grows a column the list does not name.
 */
export function hotInsert<Row extends Record<string, unknown>>(
  table: keyof Database & string,
  columns: { [K in keyof Required<Row>]: true },
): (db: Kysely<Database>, row: Row) => Promise<QueryResult<never>> {
  const names = Object.keys(columns) as (keyof Row & string)[];
  return hotQuery<Row, never, Database>(names, (db, p) =>
    db.insertInto(table).values(Object.fromEntries(names.map((name) => [name, p[name]])) as never),
  );
}
