import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import type { RegistryEntry } from '../../engine/registry/registryTypes';
import { shiftTemplateDates } from '../../engine/registry/shiftTemplateDates';
import { dropEmptyPairs } from '../../engine/validation/emptyPairs';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { requestLang } from '../http/requestLang';
import { AppError } from '../errors';
import { defaultSchemasDir } from './loadRegistry';
import { createSchemaRegistryHolder, type SchemaRegistryHolder } from './schemaRegistryHolder';

declare module 'fastify' {
  interface FastifyInstance {
    /** The schema registry and engine; other routes validate configs with `schemas.current().validate(...)`. */
    schemas: SchemaRegistryHolder;
  }
}

export interface SchemasRoutesOptions {
  /** schemas/ directory (default SCHEMAS_DIR or ./schemas). */
  dir?: string;
  /** Rebuild on file changes (default: NODE_ENV=development or SCHEMAS_WATCH=1). */
  watch?: boolean;
  /** The clock templates' dates are made relative to (default: the system clock). */
  now?: () => Date;
}

const KINDS = ['gameplay', 'sub-activity', 'entity', 'block'] as const;

const Issue = Type.Object({ path: Type.String(), keyword: Type.String(), message: Type.String() });
const Problem = Type.Object({ folder: Type.String(), file: Type.Optional(Type.String()), message: Type.String() });
const EntrySchema = Type.Object({
  kind: Type.String(),
  mark: Type.String(),
  name: Type.String({ description: 'kind/mark, as the CLI names it' }),
  meta: Type.Record(Type.String(), Type.Unknown()),
  schema: Type.Record(Type.String(), Type.Unknown(), { description: 'Self-contained JSON Schema (shared _defs copied into $defs)' }),
  ui: Type.Record(Type.String(), Type.Unknown()),
  steps: Type.Array(Type.Object({ key: Type.String(), title: Type.String(), fields: Type.Array(Type.String()) })),
  locales: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())),
  templates: Type.Array(
    Type.Object({
      name: Type.String(),
      title: Type.String(),
      config: Type.Unknown({
        description: "A ready-made config; its dates are moved so that the earliest is today in the template's time zone",
      }),
    }),
  ),
  defaults: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "A page block's props when one is added" })),
});
const KindMarkParams = Type.Object({
  kind: Type.Union(KINDS.map((k) => Type.Literal(k))),
  mark: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 64 }),
});

function entryView(engine: SchemaEngine, entry: RegistryEntry, now: Date) {
  return {
    kind: entry.kind,
    mark: entry.mark,
    name: entry.name,
    meta: entry.meta,
    schema: engine.formSchema(entry.name),
    ui: entry.ui,
    steps: engine.steps(entry.name),
    locales: entry.locales,
    // Template files hold an example period; served, it starts today (shiftTemplateDates).
    templates: Object.entries(entry.templates).map(([name, config]) => ({
      name,
      title: `template.${name}`,
      config: shiftTemplateDates(config, now),
    })),
    ...(entry.defaults ? { defaults: entry.defaults } : {}),
  };
}

function entryOf(app: FastifyInstance, kind: string, mark: string): { engine: SchemaEngine; entry: RegistryEntry } {
  const engine = app.schemas.current();
  const entry = engine.get(kind, mark);
  if (!entry) throw new AppError('notFound');
  return { engine, entry };
}

/**
 * The schema registry over HTTP: GET /api/schemas, GET /api/schemas/:kind/:mark and
 * POST /api/validate/:kind/:mark. Public (schemas hold no project data); answers follow X-Lang.
 * Registered without encapsulation so every route can reach `app.schemas`.
 */
export const schemasRoutes: FastifyPluginAsync<SchemasRoutesOptions> = async (app, options) => {
  const watchFiles = options.watch ?? (process.env.NODE_ENV === 'development' || process.env.SCHEMAS_WATCH === '1');
  const holder = await createSchemaRegistryHolder(options.dir ?? defaultSchemasDir(), {
    watch: watchFiles,
    onLoad: (_engine, problems) => {
      for (const p of problems) app.log.warn({ folder: p.folder, file: p.file }, `schema folder broken: ${p.folder}${p.file ? `/${p.file}` : ''}: ${p.message}`);
    },
    onError: (error) => app.log.error({ err: error }, 'schema registry reload failed; keeping the previous one'),
  });
  app.decorate('schemas', holder);
  app.addHook('onClose', async () => holder.close());
  const tags = ['schemas'];
  const now = options.now ?? (() => new Date());

  app.get(
    '/api/schemas',
    {
      schema: {
        tags,
        summary: 'The schema registry: every gameplay, sub-activity, entity and page block with meta, schema, ui schema, steps, strings and templates (blocks: defaults)',
        querystring: Type.Object({ kind: Type.Optional(Type.Union(KINDS.map((k) => Type.Literal(k)))) }),
        response: { 200: Envelope(Type.Object({ entries: Type.Array(EntrySchema), problems: Type.Array(Problem) })) },
      },
    },
    async (request) => {
      const { kind } = request.query as { kind?: string };
      const engine = app.schemas.current();
      const entries = engine.list().filter((e) => !kind || e.kind === kind);
      return ok({ entries: entries.map((e) => entryView(engine, e, now())), problems: engine.problems });
    },
  );

  app.get(
    '/api/schemas/:kind/:mark',
    {
      schema: {
        tags,
        summary: 'One registry entry',
        params: KindMarkParams,
        response: { 200: Envelope(EntrySchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { kind, mark } = request.params as { kind: string; mark: string };
      const { engine, entry } = entryOf(app, kind, mark);
      return ok(entryView(engine, entry, now()));
    },
  );

  app.post(
    '/api/validate/:kind/:mark',
    {
      // engine.validate reports control characters and overflowing numbers among its field issues.
      config: { ownBodyTextCheck: true },
      schema: {
        tags,
        summary: 'Validate a config against an entry without saving it; field errors follow X-Lang',
        params: KindMarkParams,
        body: Type.Unknown({ description: 'The config to check (any JSON value)' }),
        response: { 200: Envelope(Type.Object({ valid: Type.Boolean(), errors: Type.Array(Issue) })), ...errorResponses(400, 404, 413, 415) },
      },
    },
    async (request) => {
      const { kind, mark } = request.params as { kind: string; mark: string };
      const { engine, entry } = entryOf(app, kind, mark);
      // As a save would: entirely empty key-value rows are dropped, not reported.
      const config = dropEmptyPairs(engine.formSchema(entry.name), request.body ?? null);
      return ok(engine.validate(entry.name, config, requestLang(request)));
    },
  );
};

// Like fastify-plugin: share the `schemas` decoration with the rest of the app.
(schemasRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
