import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/migrations';
import { rebuildStaleRollups } from '../sdk/rebuildRollups';
import { withStatementCache } from './statementCache';
import type { Database, DbKind } from './tables';

export type { DbKind };

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** The SQLite file (other connections, such as the click writer's thread, open it too). */
  sqliteFile?: string;
}

/** Which database a DATABASE_URL names. */
export function dbKindOf(url: string): DbKind {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  if (/^sqlite:/i.test(url)) return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url}"`);
}

function sqlitePath(url: string): string {
  const rest = url.replace(/^sqlite:(\/\/)?/i, '');
  if (rest === ':memory:' || rest === '') return ':memory:';
  return resolve(rest);
}

/**
 * The settings of every connection to the console's SQLite file (the app's, and anything that
 * measures against it): WAL, foreign keys, waiting for locks, commits without fsync, a 64 MiB
 * page cache.
 */
export function configureSqlite(database: SqliteDatabase.Database): void {
  database.pragma('journal_mode = WAL');
  // The setting SQLite recommends with WAL: a commit no longer waits for the disk (the WAL is
  // synced at checkpoints), so the database stays consistent but a power cut may lose the last
  // moments of writes. Without it every commit of the redirector's click batches was an fsync.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  // Several servers or a CLI may share the file: wait for a lock rather than failing at once.
  database.pragma('busy_timeout = 5000');
  // SQLite's default page cache is 2 MiB: once the play tables outgrow it, every statement of a
  // draw read its pages back through the WAL index and a system call (bench:draw: ~1,150 draws/s
  // with the default, ~1,500 with this). A ceiling, filled only as pages are read.
  database.pragma('cache_size = -65536');
}

function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  configureSqlite(database);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

// `?schema=name` on a PostgreSQL URL puts every table in that schema (tests use one per file).
function openPostgres(url: string): { db: Kysely<Database>; schema?: string } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? undefined;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(`bad schema name "${schema}"`);
  parsed.searchParams.delete('schema');
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), schema };
}

/** The PostgreSQL advisory lock held while migrating (and while tests drop their schemas). */
export const MIGRATION_LOCK = 7_422_015;

/** Opens the database named by the URL and brings its schema up to date. */
export async function createDb(url: string): Promise<DbHandle> {
  const kind = dbKindOf(url);
  let db: Kysely<Database>;
  let schema: string | undefined;
  let sqliteFile: string | undefined;
  if (kind === 'sqlite') {
    const file = sqlitePath(url);
    db = openSqlite(file);
    if (file !== ':memory:') sqliteFile = file;
  } else {
    const opened = openPostgres(url);
    db = opened.db;
    schema = opened.schema;
    if (opened.schema) await sql`create schema if not exists ${sql.id(opened.schema)}`.execute(db);
  }
  try {
    await migrateLocked(db, kind, schema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, kind, sqliteFile };
}

/**
 * `migrate` under a PostgreSQL advisory lock: servers starting at once migrate one after another,
 * and a schema is never dropped (tests drop theirs under the same lock) while Kysely's migrator
 * reads the catalog of every schema.
 */
export async function migrateLocked(db: Kysely<Database>, kind: DbKind, schema?: string): Promise<void> {
  if (kind === 'sqlite') return migrate(db, schema);
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await migrate(conn, schema);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/**
 * Runs every pending migration, then rebuilds the rollups of projects whose day columns are not in
 * their time zone (after m0006); throws the first failure.
 */
export async function migrate(db: Kysely<Database>, schema?: string): Promise<void> {
  // Features land in parallel (0003 may ship before 0002): run whatever has not run yet.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
    // Kysely looks for its own tables in every schema it can see: name ours, or another
    // database user's (another test file's) kysely_migration_lock would count as ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await rebuildStaleRollups(db);
}
