import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TProperties } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import type { ProjectAccess } from '../appContext';
import { currentProject, currentUser, requireProject, type AuthHook } from '../plugins/auth';
import { validateConfig } from '../campaigns/validateConfig';
import {
  createListRow,
  deleteListRow,
  findListRow,
  listRowAnswer,
  listRows,
  scopeColumns,
  setListRowStatus,
  updateListRow,
  type ListConfig,
  type ListPageQuery,
  type ListRow,
  type ListRowsSpec,
} from './entityListService';

export type { ListConfig, ListScope, ListTable } from './entityListService';
const Status = Type.Enum(['online', 'offline']);

export interface EntityListSpec extends ListRowsSpec {
  path: string;
  /** entity/<entity> of the schema registry validates every body. */
  entity: string;
  tag: string;
  /** Summary fields of an answer row, besides id, config and times. */
  summaryFields: TProperties;
  /** Checks only the server can make (uniqueness, outbound addresses); throw to refuse. */
  check?(app: FastifyInstance, project: ProjectAccess, config: ListConfig, exceptId?: string): Promise<void>;
  /** Extra per-row data for a page of rows (e.g. submission counts). */
  extra?(app: FastifyInstance, ids: string[]): Promise<Map<string, Record<string, unknown>>>;
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
  /** An answer row as this caller may see it (masks or reveals what depends on its rights). */
  present?(request: FastifyRequest, answer: Record<string, unknown>, row: ListRow): Record<string, unknown>;
}

type Schemas = ReturnType<typeof listSchemas>;

/** What every route of one list shares: its spec, schemas and the per-request helpers. */
interface ListRoutes {
  app: FastifyInstance;
  spec: EntityListSpec;
  schemas: Schemas;
  tags: string[];
  security: { bearer: never[] }[];
  writeHooks: AuthHook | AuthHook[];
  /** The answer row as this caller sees it. */
  view(request: FastifyRequest, row: ListRow, extra?: Map<string, Record<string, unknown>>): ListAnswer;
  validate(config: unknown): void;
  load(request: FastifyRequest, id: string): Promise<ListRow>;
  extraOf(ids: string[]): Promise<Map<string, Record<string, unknown>>>;
}
type ListAnswer = ReturnType<typeof listRowAnswer>;

function listSchemas(spec: EntityListSpec) {
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
  return { RowSchema, ListQuery, CreateQuery, Body };
}

function listRoute({ app, spec, schemas, tags, security, view, extraOf }: ListRoutes) {
  app.get(
    spec.path,
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: `List (entity/${spec.entity}), newest first; q searches the name`,
        querystring: schemas.ListQuery,
        response: {
          200: Envelope(Type.Object({ items: Type.Array(schemas.RowSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const projectId = currentProject(request).id;
      const query = request.query as ListPageQuery;
      const { rows, total } = await listRows(app.ctx.db, spec, projectId, query);
      const extra = await extraOf(rows.map((r) => r.id));
      return ok({ items: rows.map((row) => view(request, row, extra)), total });
    },
  );
}

function readRoute({ app, spec, schemas, tags, security, view, load, extraOf }: ListRoutes) {
  app.get<{ Params: { id: string } }>(
    `${spec.path}/:id`,
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: `One row (entity/${spec.entity})`,
        params: IdParams,
        response: { 200: Envelope(schemas.RowSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await load(request, request.params.id);
      return ok(view(request, row, await extraOf([row.id])));
    },
  );
}

function createRoute(routes: ListRoutes) {
  const { app, spec, schemas, tags, security, writeHooks, view, validate, extraOf } = routes;
  app.post(
    spec.path,
    {
      onRequest: writeHooks,
      schema: {
        tags,
        security,
        summary: `Create (body: the entity/${spec.entity} config)`,
        querystring: schemas.CreateQuery,
        body: schemas.Body,
        response: { 200: Envelope(schemas.RowSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const config = request.body as ListConfig;
      const parentId = spec.scope && (request.query as Record<string, string | undefined>)[spec.scope.query];
      const scope = await scopeColumns(app.ctx.db, spec, project.id, parentId);
      validate(config);
      await spec.check?.(app, project, config);
      const input = { project, userId: currentUser(request).id, config, scope, now: app.ctx.now() };
      const row = await createListRow(app.ctx.db, spec, input);
      return ok(view(request, row, await extraOf([row.id])));
    },
  );
}

function updateRoute(routes: ListRoutes) {
  const { app, spec, schemas, tags, security, writeHooks, view, validate, load, extraOf } = routes;
  app.put<{ Params: { id: string } }>(
    `${spec.path}/:id`,
    {
      onRequest: writeHooks,
      schema: {
        tags,
        security,
        summary: `Replace the config (entity/${spec.entity})`,
        params: IdParams,
        body: schemas.Body,
        response: { 200: Envelope(schemas.RowSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const existing = await load(request, request.params.id);
      const config = request.body as ListConfig;
      validate(config);
      await spec.check?.(app, project, config, existing.id);
      const row = await updateListRow(app.ctx.db, spec, project, existing, config, app.ctx.now());
      return ok(view(request, row, await extraOf([existing.id])));
    },
  );
}

function deleteRoute({ app, spec, tags, security, writeHooks, load }: ListRoutes) {
  app.delete<{ Params: { id: string } }>(
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
      await deleteListRow(app.ctx.db, spec, currentProject(request), existing);
      return ok(null);
    },
  );
}

function statusRoute({ app, spec, schemas, tags, security, writeHooks, view, load, extraOf }: ListRoutes) {
  app.post<{ Params: { id: string }; Body: { status: 'online' | 'offline' } }>(
    `${spec.path}/:id/status`,
    {
      onRequest: writeHooks,
      schema: {
        tags,
        security,
        summary: 'Put online or take offline, at once (the same status again changes nothing)',
        params: IdParams,
        body: Type.Object({ status: Status }),
        response: { 200: Envelope(schemas.RowSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const existing = await load(request, request.params.id);
      const { status } = request.body;
      const row = await setListRowStatus(
        app.ctx.db,
        spec,
        currentProject(request),
        existing,
        status,
        app.ctx.now(),
      );
      return ok(view(request, row, await extraOf([row.id])));
    },
  );
}

/**
 * CRUD routes of a supporting list (prizes, questions, user types, callback addresses, reward
 * forms, tasks, Turbo Banners and Scripts): project-scoped, bodies are the entity config validated
 * by the engine, answers `{ id, <summary>, config, createdAt, updatedAt }`, lists
 * `{ items, total }` newest first; with `statusRoute`, an online/offline status route too. The
 * rows are read and written by entityListService.
 */
export function entityListRoutes(spec: EntityListSpec): FastifyPluginAsyncTypebox {
  return async (app) => {
    const routes: ListRoutes = {
      app,
      spec,
      schemas: listSchemas(spec),
      tags: [spec.tag],
      security: [{ bearer: [] }],
      writeHooks: spec.writeGuard ? [requireProject('edit'), spec.writeGuard] : requireProject('edit'),
      view(request, row, extra) {
        const answer = listRowAnswer(spec, row, extra);
        // The caller's view keeps the answer's shape (the row schema has every summary field).
        return spec.present ? (spec.present(request, answer, row) as typeof answer) : answer;
      },
      validate: (config) => validateConfig(app.schemas.current(), 'entity', spec.entity, config, ''),
      load: (request, id) => findListRow(app.ctx.db, spec, currentProject(request).id, id),
      extraOf: (ids) => (spec.extra ? spec.extra(app, ids) : Promise.resolve(new Map())),
    };
    listRoute(routes);
    readRoute(routes);
    createRoute(routes);
    updateRoute(routes);
    deleteRoute(routes);
    if (spec.statusRoute) statusRoute(routes);
  };
}
