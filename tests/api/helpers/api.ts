import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface ErrorData {
  error: string;
  errors?: { path: string; message: string }[];
  retryAfterMinutes?: number;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  lang?: 'en' | 'zh-cn';
  projectId?: string;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

/** One API call through app.inject(), answer parsed. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['x-lang'] = options.lang;
  if (options.projectId) headers['x-project-id'] = options.projectId;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
}

/** The field paths of a validation answer. */
export function paths(answer: Answer): string[] {
  return ((answer.body.data as ErrorData | null)?.errors ?? []).map((e) => e.path);
}

/** Kysely's migration bookkeeping: the only tables countRows leaves out. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Every table of the app's database (its schema on PostgreSQL), from the database's own catalogue. */
export async function tableNames(app: FastifyInstance): Promise<string[]> {
  const { db, dbKind } = app.ctx;
  const rows =
    dbKind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.rows
    .map((r) => r.name)
    .filter((name) => !MIGRATION_TABLES.has(name))
    .sort();
}

/**
 * Row counts of every table, to prove a rejected write changed nothing: one statement for every
 * table (a test sweeping every route counts before and after each, hundreds of times).
 */
export async function countRows(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = await tableNames(app);
  const counts = sql.join(
    tables.map((table) => sql`select ${table} as name, count(*) as n from ${sql.table(table)}`),
    sql` union all `,
  );
  const { rows } = await sql<{ name: string; n: number | string }>`${counts}`.execute(app.ctx.db);
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = 0;
  for (const row of rows) out[row.name] = Number(row.n);
  return out;
}
