import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TProperties, type TSchema } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError, fieldError } from '../errors';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { randomId } from '../db/randomId';
import type { ListRowColumns } from '../db/campaignTables';
import type { Database } from '../db/tables';
import type { ProjectAccess } from '../appContext';
import { currentProject, currentUser, requireProject, type AuthHook } from '../plugins/auth';
import { validateConfig } from '../campaigns/validateConfig';
import { containsText } from './likePattern';

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
type AnyRow = ListRowColumns & Record<string, unknown>;
const Status = Type.Enum(['online', 'offline']);

/** A list grouped under a parent row (questions in banks): `?<query>=` names the parent. */
export interface ListScope {
  query: string;
  column: string;
  parentTable: 'question_banks';
  /** The answer field holding the parent id. */
  field: string;
}

export interface EntityListSpec {
  path: string;
  table: ListTable;
  /** entity/<entity> of the schema registry validates every body. */
  entity: string;
  tag: string;
  /** The searchable name stored with the row. */
  nameOf(config: ListConfig): string;
  /** Summary fields of an answer row, besides id, config and times. */
  summaryFields: TProperties;
  summary(
    row: AnyRow,
    config: ListConfig,
    extra: Map<string, Record<string, unknown>>,
  ): Record<string, unknown>;
  /** Columns with a rule (identifier, url), from the config. */
  columns?(config: ListConfig): Record<string, string | null>;
  /** Checks only the server can make (uniqueness, outbound addresses); throw to refuse. */
  check?(app: FastifyInstance, project: ProjectAccess, config: ListConfig, exceptId?: string): Promise<void>;
  /** Maps a unique violation of an insert/update to the right answer. */
  onUniqueViolation?(error: unknown): AppError | undefined;
  /** Extra per-row data for a page of rows (e.g. submission counts). */
  extra?(app: FastifyInstance, ids: string[]): Promise<Map<string, Record<string, unknown>>>;
  scope?: ListScope;
  /** List filters beside `q`: a query parameter matched exactly against a column. */
  filters?: Record<string, { column: string; schema: TSchema }>;
  /**
   * After an update (`config`) or a delete (`config` null), in the same transaction: rows that
   * refer to this one follow it (a renamed or deleted task key).
   */
  afterWrite?(
    db: Kysely<Database>,
    project: ProjectAccess,
    before: AnyRow,
    config: ListConfig | null,
  ): Promise<void>;
  /** After a write of a row (create, update, status, delete) is committed: drop cached copies. */
  afterCommit?(id: string): void;
  /**
   * `POST {path}/:id/status` `{ status: online | offline }` for a list whose rows have a `status`
   * column mirrored by the config's `status`: both change together, at once; the same status
   * again changes nothing.
   */
  statusRoute?: boolean;
  /**
   * Another `onRequest` hook of every write (create, update, delete, status), run after
   * `requireProject('edit')`: a right beyond `edit` (the advanced ads user).
   */
  writeGuard?: AuthHook;
  /**
   * Columns only a create sets, computed inside the create's transaction (a server-generated
   * secret, a per-project sequence number).
   */
  createColumns?(
    db: Kysely<Database>,
    project: ProjectAccess,
    config: ListConfig,
  ): Promise<Record<string, unknown>>;
  /** After a create, in its transaction: rows that follow the new one (a strategy's URLs). */
  afterCreate?(db: Kysely<Database>, project: ProjectAccess, row: AnyRow, config: ListConfig): Promise<void>;
  /**
   * A create whose transaction failed with this error runs again, up to 5 times (a sequence
   * number another server's create took meanwhile).
   */
  retryCreate?(error: unknown): boolean;
  /** An answer row as this caller may see it (masks or reveals what depends on its rights). */
  present?(request: FastifyRequest, answer: Record<string, unknown>, row: AnyRow): Record<string, unknown>;
}

const CREATE_ATTEMPTS = 5;

/**
 * CRUD routes of a supporting list (prizes, questions, user types, callback addresses, reward
 * forms, tasks, Turbo Banners and Scripts): project-scoped, bodies are the entity config validated
 * by the engine, answers `{ id, <summary>, config, createdAt, updatedAt }`, lists
 * `{ items, total }` newest first; with `statusRoute`, an online/offline status route too.
 */
export function entityListRoutes(spec: EntityListSpec): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = [spec.tag];
    const security = [{ bearer: [] }];
    const table = spec.table as 'prizes';
    const RowSchema = Type.Object({
      id: Type.String(),
      ...spec.summaryFields,
      config: Type.Record(Type.String(), Type.Unknown()),
      createdAt: Type.String(),
      updatedAt: Type.String(),
    });
    const scopeQuery = spec.scope
      ? { [spec.scope.query]: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }
      : {};
    const ListQuery = Type.Object({
      page: Type.Integer({ minimum: 1, default: 1 }),
      pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
      q: Type.Optional(Type.String({ maxLength: 100 })),
      ...scopeQuery,
      ...Object.fromEntries(
        Object.entries(spec.filters ?? {}).map(([name, filter]) => [name, Type.Optional(filter.schema)]),
      ),
    });
    const CreateQuery = Type.Object(scopeQuery);
    const Body = Type.Record(Type.String(), Type.Unknown(), {
      description: `The entity/${spec.entity} config`,
    });

    const view = (
      request: FastifyRequest,
      row: AnyRow,
      extra = new Map<string, Record<string, unknown>>(),
    ) => {
      const config = JSON.parse(row.config) as ListConfig;
      const answer = {
        id: row.id,
        ...spec.summary(row, config, extra),
        config,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
      // The caller's view keeps the answer's shape (the row schema has every summary field).
      return spec.present ? (spec.present(request, answer, row) as typeof answer) : answer;
    };
    const writeHooks = spec.writeGuard ? [requireProject('edit'), spec.writeGuard] : requireProject('edit');
    const validate = (config: unknown) =>
      validateConfig(app.schemas.current(), 'entity', spec.entity, config, '');
    const load = async (request: FastifyRequest, id: string): Promise<AnyRow> => {
      const row = await app.ctx.db
        .selectFrom(table)
        .selectAll()
        .where('id', '=', id)
        .where('project_id', '=', currentProject(request).id)
        .executeTakeFirst();
      if (!row) throw new AppError('notFound');
      return row as AnyRow;
    };
    const write = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        const mapped = spec.onUniqueViolation?.(error);
        if (mapped) throw mapped;
        throw error;
      }
    };
    // A transaction only when rows referring to this one follow it.
    const inTransaction = (work: (db: Kysely<Database>) => Promise<void>) =>
      spec.afterWrite ? app.ctx.db.transaction().execute(work) : work(app.ctx.db);
    const extraOf = (ids: string[]) => (spec.extra ? spec.extra(app, ids) : Promise.resolve(new Map()));

    app.get(
      spec.path,
      {
        onRequest: requireProject('view'),
        schema: {
          tags,
          security,
          summary: `List (entity/${spec.entity}), newest first; q searches the name`,
          querystring: ListQuery,
          response: {
            200: Envelope(Type.Object({ items: Type.Array(RowSchema), total: Type.Integer() })),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => {
        const q = request.query as { page: number; pageSize: number; q?: string } & Record<string, string>;
        let query = app.ctx.db.selectFrom(table).where('project_id', '=', currentProject(request).id);
        if (q.q?.trim()) query = query.where(containsText('name', q.q.trim()));
        if (spec.scope && q[spec.scope.query])
          query = query.where(spec.scope.column as 'name', '=', q[spec.scope.query]);
        for (const [name, filter] of Object.entries(spec.filters ?? {}))
          if (q[name] !== undefined) query = query.where(filter.column as 'name', '=', q[name]);
        const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
        const rows = (await query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute()) as AnyRow[];
        const extra = await extraOf(rows.map((r) => r.id));
        return ok({ items: rows.map((row) => view(request, row, extra)), total: Number(total.n) });
      },
    );

    app.get(
      `${spec.path}/:id`,
      {
        onRequest: requireProject('view'),
        schema: {
          tags,
          security,
          summary: `One row (entity/${spec.entity})`,
          params: IdParams,
          response: { 200: Envelope(RowSchema), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const row = await load(request, request.params.id);
        return ok(view(request, row, await extraOf([row.id])));
      },
    );

    app.post(
      spec.path,
      {
        onRequest: writeHooks,
        schema: {
          tags,
          security,
          summary: `Create (body: the entity/${spec.entity} config)`,
          querystring: CreateQuery,
          body: Body,
          response: { 200: Envelope(RowSchema), ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => {
        const project = currentProject(request);
        const config = request.body as ListConfig;
        let scopeValue: Record<string, string> = {};
        if (spec.scope) {
          const parentId = (request.query as Record<string, string | undefined>)[spec.scope.query];
          const parent = parentId
            ? await app.ctx.db
                .selectFrom(spec.scope.parentTable)
                .select('id')
                .where('id', '=', parentId)
                .where('project_id', '=', project.id)
                .executeTakeFirst()
            : undefined;
          if (!parent)
            throw fieldError((lang) => [
              {
                path: `/querystring/${spec.scope?.query}`,
                message: validationMessage(parentId ? 'enum' : 'required', lang),
              },
            ]);
          scopeValue = { [spec.scope.column]: parent.id };
        }
        validate(config);
        await spec.check?.(app, project, config);
        const time = app.ctx.now().toISOString();
        const base = {
          id: randomId(),
          project_id: project.id,
          name: spec.nameOf(config),
          config: JSON.stringify(config),
          ...spec.columns?.(config),
          ...scopeValue,
          created_by: currentUser(request).id,
          created_at: time,
          updated_at: time,
        };
        let row: AnyRow = base;
        if (!spec.createColumns && !spec.afterCreate) {
          await write(() => app.ctx.db.insertInto(table).values(base).execute());
        } else {
          for (let attempt = 1; ; attempt += 1) {
            try {
              await write(() =>
                app.ctx.db.transaction().execute(async (trx) => {
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
        return ok(view(request, row, await extraOf([row.id])));
      },
    );

    app.put(
      `${spec.path}/:id`,
      {
        onRequest: writeHooks,
        schema: {
          tags,
          security,
          summary: `Replace the config (entity/${spec.entity})`,
          params: IdParams,
          body: Body,
          response: { 200: Envelope(RowSchema), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const project = currentProject(request);
        const existing = await load(request, request.params.id);
        const config = request.body as ListConfig;
        validate(config);
        await spec.check?.(app, project, config, existing.id);
        const changes = {
          name: spec.nameOf(config),
          config: JSON.stringify(config),
          ...spec.columns?.(config),
          updated_at: app.ctx.now().toISOString(),
        };
        await write(() =>
          inTransaction(async (db) => {
            await db.updateTable(table).set(changes).where('id', '=', existing.id).execute();
            await spec.afterWrite?.(db, project, existing, config);
          }),
        );
        spec.afterCommit?.(existing.id);
        return ok(view(request, { ...existing, ...changes } as AnyRow, await extraOf([existing.id])));
      },
    );

    app.delete(
      `${spec.path}/:id`,
      {
        onRequest: writeHooks,
        schema: {
          tags,
          security,
          summary: 'Delete',
          params: IdParams,
          response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const existing = await load(request, request.params.id);
        await inTransaction(async (db) => {
          await db.deleteFrom(table).where('id', '=', existing.id).execute();
          await spec.afterWrite?.(db, currentProject(request), existing, null);
        });
        spec.afterCommit?.(existing.id);
        return ok(null);
      },
    );

    if (spec.statusRoute)
      app.post(
        `${spec.path}/:id/status`,
        {
          onRequest: writeHooks,
          schema: {
            tags,
            security,
            summary: 'Put online or take offline, at once (the same status again changes nothing)',
            params: IdParams,
            body: Type.Object({ status: Status }),
            response: { 200: Envelope(RowSchema), ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          const { status } = request.body;
          const existing = await load(request, request.params.id);
          let current = existing;
          if (existing.status !== status) {
            // The config holds the status too (the form edits it): both change together.
            const config = JSON.parse(existing.config) as ListConfig;
            const changes = {
              status,
              config: JSON.stringify({ ...config, status }),
              updated_at: app.ctx.now().toISOString(),
            };
            await inTransaction(async (db) => {
              await db
                .updateTable(table)
                .set(changes as never)
                .where('id', '=', existing.id)
                .execute();
              await spec.afterWrite?.(db, currentProject(request), existing, { ...config, status });
            });
            spec.afterCommit?.(existing.id);
            current = { ...existing, ...changes };
          }
          return ok(view(request, current, await extraOf([current.id])));
        },
      );
  };
}
