import type { Kysely } from 'kysely';
import type { TSchema } from 'typebox';
import { AppError, fieldError } from '../errors';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { randomId } from '../db/randomId';
import type { ListRowColumns } from '../db/campaignTables';
import type { Database } from '../db/tables';
import type { ProjectAccess } from '../appContext';
import { containsText } from './likePattern';

type Db = Kysely<Database>;

export type ListConfig = Record<string, unknown>;
/** The list tables (same columns, see ListRowColumns); typed as one of them for Kysely. */
export type ListTable =
  | 'prizes'
  | 'user_types'
  | 'callback_addresses'
  | 'reward_forms'
  | 'questions'
  | 'project_tasks'
  | 'turbo_banners'
  | 'turbo_scripts'
  | 'ad_accounts'
  | 'ads_strategies'
  | 'ad_plans'
  | 'ad_campaigns';
/** A row of a list table: the common columns and the list's own. */
export type ListRow = ListRowColumns & Record<string, unknown>;

/** A list grouped under a parent row (questions in banks): `?<query>=` names the parent. */
export interface ListScope {
  query: string;
  column: string;
  parentTable: 'question_banks';
  /** The answer field holding the parent id. */
  field: string;
}

/** How a supporting list stores its rows: what the list's routes and their service share. */
export interface ListRowsSpec {
  table: ListTable;
  /** The searchable name stored with the row. */
  nameOf(config: ListConfig): string;
  /** Summary fields of an answer row, besides id, config and times. */
  summary(
    row: ListRow,
    config: ListConfig,
    extra: Map<string, Record<string, unknown>>,
  ): Record<string, unknown>;
  /** Columns with a rule (identifier, url), from the config. */
  columns?(config: ListConfig): Record<string, string | null>;
  /** Maps a unique violation of an insert/update to the right answer. */
  onUniqueViolation?(error: unknown): AppError | undefined;
  scope?: ListScope;
  /** List filters beside `q`: a query parameter matched exactly against a column. */
  filters?: Record<string, { column: string; schema: TSchema }>;
  /**
   * After an update (`config`) or a delete (`config` null), in the same transaction: rows that
   * refer to this one follow it (a renamed or deleted task key).
   */
  afterWrite?(db: Db, project: ProjectAccess, before: ListRow, config: ListConfig | null): Promise<void>;
  /** After a write of a row (create, update, status, delete) is committed: drop cached copies. */
  afterCommit?(id: string): void;
  /**
   * Columns only a create sets, computed inside the create's transaction (a server-generated
   * secret, a per-project sequence number).
   */
  createColumns?(db: Db, project: ProjectAccess, config: ListConfig): Promise<Record<string, unknown>>;
  /** After a create, in its transaction: rows that follow the new one (a strategy's URLs). */
  afterCreate?(db: Db, project: ProjectAccess, row: ListRow, config: ListConfig): Promise<void>;
  /**
   * A create whose transaction failed with this error runs again, up to 5 times (a sequence
   * number another server's create took meanwhile).
   */
  retryCreate?(error: unknown): boolean;
}

/** A list's page: `q` searches the name; the scope and filter parameters match exactly. */
export type ListPageQuery = { page: number; pageSize: number; q?: string } & Record<string, unknown>;

const CREATE_ATTEMPTS = 5;

/** The spec's table, typed as one of the list tables for Kysely. */
const tableOf = (spec: Pick<ListRowsSpec, 'table'>) => spec.table as 'prizes';

/** The answer row `{ id, <summary>, config, createdAt, updatedAt }`. */
export function listRowAnswer(
  spec: Pick<ListRowsSpec, 'summary'>,
  row: ListRow,
  extra = new Map<string, Record<string, unknown>>(),
) {
  const config = JSON.parse(row.config) as ListConfig;
  return {
    id: row.id,
    ...spec.summary(row, config, extra),
    config,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** One page of the project's rows, newest first, and how many match. */
export async function listRows(
  db: Db,
  spec: ListRowsSpec,
  projectId: string,
  q: ListPageQuery,
): Promise<{ rows: ListRow[]; total: number }> {
  let query = db.selectFrom(tableOf(spec)).where('project_id', '=', projectId);
  if (typeof q.q === 'string' && q.q.trim()) query = query.where(containsText('name', q.q.trim()));
  if (spec.scope && q[spec.scope.query])
    query = query.where(spec.scope.column as 'name', '=', q[spec.scope.query] as string);
  for (const [name, filter] of Object.entries(spec.filters ?? {}))
    if (q[name] !== undefined) query = query.where(filter.column as 'name', '=', q[name] as string);
  const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = (await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute()) as ListRow[];
  return { rows, total: Number(total.n) };
}

/** A row of the project; another project's (or no such) id answers 404. */
export async function findListRow(
  db: Db,
  spec: Pick<ListRowsSpec, 'table'>,
  projectId: string,
  id: string,
): Promise<ListRow> {
  const row = await db
    .selectFrom(tableOf(spec))
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row as ListRow;
}

/**
 * The parent column of a new row of a scoped list (`{ bank_id }`); a missing parent or another
 * project's answers a validation error on the query parameter. Nothing for an unscoped list.
 */
export async function scopeColumns(
  db: Db,
  spec: Pick<ListRowsSpec, 'scope'>,
  projectId: string,
  parentId: string | undefined,
): Promise<Record<string, string>> {
  const scope = spec.scope;
  if (!scope) return {};
  const parent = parentId
    ? await db
        .selectFrom(scope.parentTable)
        .select('id')
        .where('id', '=', parentId)
        .where('project_id', '=', projectId)
        .executeTakeFirst()
    : undefined;
  if (!parent)
    throw fieldError((lang) => [
      {
        path: `/querystring/${scope.query}`,
        message: validationMessage(parentId ? 'enum' : 'required', lang),
      },
    ]);
  return { [scope.column]: parent.id };
}

/** Runs a write, answering a unique violation as the list says. */
async function write(spec: ListRowsSpec, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    const mapped = spec.onUniqueViolation?.(error);
    if (mapped) throw mapped;
    throw error;
  }
}

// A transaction only when rows referring to this one follow it.
const inTransaction = (db: Db, spec: ListRowsSpec, work: (db: Db) => Promise<void>) =>
  spec.afterWrite ? db.transaction().execute(work) : work(db);

export interface NewListRow {
  project: ProjectAccess;
  userId: string;
  /** A validated config. */
  config: ListConfig;
  /** From scopeColumns. */
  scope: Record<string, string>;
  now: Date;
}

/**
 * Inserts a row (in a transaction, retried as the list says, when the list computes columns or
 * follows a create) and returns it.
 */
export async function createListRow(db: Db, spec: ListRowsSpec, input: NewListRow): Promise<ListRow> {
  const { project, config } = input;
  const table = tableOf(spec);
  const time = input.now.toISOString();
  const base = {
    id: randomId(),
    project_id: project.id,
    name: spec.nameOf(config),
    config: JSON.stringify(config),
    ...spec.columns?.(config),
    ...input.scope,
    created_by: input.userId,
    created_at: time,
    updated_at: time,
  };
  let row: ListRow = base;
  if (!spec.createColumns && !spec.afterCreate) {
    await write(spec, () => db.insertInto(table).values(base).execute());
  } else {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await write(spec, () =>
          db.transaction().execute(async (trx) => {
            row = { ...base, ...(await spec.createColumns?.(trx, project, config)) };
            await trx
              .insertInto(table)
              .values(row as typeof base)
              .execute();
            await spec.afterCreate?.(trx, project, row, config);
          }),
        );
        break;
      } catch (error) {
        if (attempt >= CREATE_ATTEMPTS || !spec.retryCreate?.(error)) throw error;
      }
    }
  }
  spec.afterCommit?.(row.id);
  return row;
}

/** Replaces a row's config (a validated one); rows referring to it follow. Returns the new row. */
export async function updateListRow(
  db: Db,
  spec: ListRowsSpec,
  project: ProjectAccess,
  existing: ListRow,
  config: ListConfig,
  now: Date,
): Promise<ListRow> {
  const changes = {
    name: spec.nameOf(config),
    config: JSON.stringify(config),
    ...spec.columns?.(config),
    updated_at: now.toISOString(),
  };
  await write(spec, () =>
    inTransaction(db, spec, async (trx) => {
      await trx.updateTable(tableOf(spec)).set(changes).where('id', '=', existing.id).execute();
      await spec.afterWrite?.(trx, project, existing, config);
    }),
  );
  spec.afterCommit?.(existing.id);
  return { ...existing, ...changes } as ListRow;
}

/** Deletes a row; rows referring to it follow. */
export async function deleteListRow(
  db: Db,
  spec: ListRowsSpec,
  project: ProjectAccess,
  existing: ListRow,
): Promise<void> {
  await inTransaction(db, spec, async (trx) => {
    await trx.deleteFrom(tableOf(spec)).where('id', '=', existing.id).execute();
    await spec.afterWrite?.(trx, project, existing, null);
  });
  spec.afterCommit?.(existing.id);
}

/**
 * Puts a row online or takes it offline: its `status` column and its config's `status` change
 * together; the same status again changes nothing. Returns the row as it now is.
 */
export async function setListRowStatus(
  db: Db,
  spec: ListRowsSpec,
  project: ProjectAccess,
  existing: ListRow,
  status: 'online' | 'offline',
  now: Date,
): Promise<ListRow> {
  if (existing.status === status) return existing;
  // The config holds the status too (the form edits it): both change together.
  const config = JSON.parse(existing.config) as ListConfig;
  const changes = {
    status,
    config: JSON.stringify({ ...config, status }),
    updated_at: now.toISOString(),
  };
  await inTransaction(db, spec, async (trx) => {
    await trx
      .updateTable(tableOf(spec))
      .set(changes as never)
      .where('id', '=', existing.id)
      .execute();
    await spec.afterWrite?.(trx, project, existing, { ...config, status });
  });
  spec.afterCommit?.(existing.id);
  return { ...existing, ...changes };
}
