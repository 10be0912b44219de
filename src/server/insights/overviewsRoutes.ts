import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams, RequiredText } from '../http/fields';
import { AppError } from '../errors';
import { randomId } from '../db/randomId';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import type { OverviewRow } from '../sdk/sdkTables';

const Preset = Type.Enum(
  ['today', 'yesterday', 'last3', 'last7', 'last14', 'last30', 'last90', 'thisMonth', 'lastMonth'],
  { description: "SPEC's date presets" },
);
const Platforms = Type.Array(
  Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('web')]),
  { maxItems: 3, uniqueItems: true },
);
const Filters = Type.Object(
  {
    preset: Type.Optional(Preset),
    platforms: Type.Optional(Platforms),
    names: Type.Optional(
      Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20, description: 'Event names' }),
    ),
  },
  { additionalProperties: false },
);
const Widget = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 32 })),
    title: Type.Optional(Type.String({ maxLength: 30 })),
    metric: Type.Enum(['activeUsers', 'newUsers', 'events', 'retention', 'audience', 'summary'], {
      description:
        'activeUsers: /api/analytics/active; newUsers and summary: /summary; events: /sdk-events; retention; audience',
    }),
    chart: Type.Enum(['line', 'column', 'pie', 'table', 'number']),
    groupBy: Type.Optional(
      Type.Enum(['name', 'platform', 'os', 'country', 'appVersion', 'language'], {
        description: 'Top 8 groups + other',
      }),
    ),
    filters: Type.Optional(Filters),
  },
  { additionalProperties: false },
);
const Body = Type.Object({
  name: RequiredText(30),
  isDefault: Type.Optional(Type.Boolean()),
  widgets: Type.Array(Widget, { maxItems: 20 }),
  filters: Type.Optional(Filters),
});
type OverviewBody = Static<typeof Body>;
const OverviewSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isDefault: Type.Boolean(),
  widgets: Type.Array(Widget),
  filters: Filters,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

function view(row: OverviewRow) {
  const config = JSON.parse(row.config) as {
    widgets: OverviewBody['widgets'];
    filters: NonNullable<OverviewBody['filters']>;
  };
  return {
    id: row.id,
    name: row.name,
    isDefault: Number(row.is_default) === 1,
    widgets: config.widgets,
    filters: config.filters,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const configOf = (body: OverviewBody) =>
  JSON.stringify({
    widgets: body.widgets.map((w, i) => ({ ...w, id: w.id ?? `w${i + 1}` })),
    filters: body.filters ?? {},
  });

/** Overview dashboards: named sets of metric widgets with filters; exactly one default while any exist. */
export const overviewsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['analysis'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function find(projectId: string, id: string) {
    const row = await db
      .selectFrom('overviews')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  app.get(
    '/api/overviews',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Overview dashboards, the default first',
        response: {
          200: Envelope(Type.Object({ items: Type.Array(OverviewSchema) })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const rows = await db
        .selectFrom('overviews')
        .selectAll()
        .where('project_id', '=', currentProject(request).id)
        .orderBy('is_default', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return ok({ items: rows.map(view) });
    },
  );

  app.post(
    '/api/overviews',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create a dashboard (the first one is the default)',
        body: Body,
        response: { 200: Envelope(OverviewSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const time = app.ctx.now().toISOString();
      const id = randomId();
      await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('overviews')
          .select('id')
          .where('project_id', '=', project.id)
          .where('is_default', '=', 1)
          .executeTakeFirst();
        const makeDefault = request.body.isDefault === true || !existing;
        if (makeDefault)
          await trx
            .updateTable('overviews')
            .set({ is_default: 0 })
            .where('project_id', '=', project.id)
            .where('is_default', '=', 1)
            .execute();
        await trx
          .insertInto('overviews')
          .values({
            id,
            project_id: project.id,
            name: request.body.name.trim(),
            is_default: makeDefault ? 1 : 0,
            config: configOf(request.body),
            created_by: currentUser(request).id,
            created_at: time,
            updated_at: time,
          })
          .execute();
      });
      return ok(view(await find(project.id, id)));
    },
  );

  app.put(
    '/api/overviews/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary:
          'Save a dashboard; isDefault true makes it the default (isDefault false on the default is ignored: one stays default)',
        params: IdParams,
        body: Body,
        response: { 200: Envelope(OverviewSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const row = await find(project.id, request.params.id);
      await db.transaction().execute(async (trx) => {
        const makeDefault = request.body.isDefault === true && Number(row.is_default) !== 1;
        if (makeDefault)
          await trx
            .updateTable('overviews')
            .set({ is_default: 0 })
            .where('project_id', '=', project.id)
            .where('is_default', '=', 1)
            .execute();
        await trx
          .updateTable('overviews')
          .set({
            name: request.body.name.trim(),
            config: configOf(request.body),
            updated_at: app.ctx.now().toISOString(),
            ...(makeDefault ? { is_default: 1 } : {}),
          })
          .where('project_id', '=', project.id)
          .where('id', '=', row.id)
          .execute();
      });
      return ok(view(await find(project.id, row.id)));
    },
  );

  app.delete(
    '/api/overviews/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete a dashboard; deleting the default makes the oldest remaining one the default',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const row = await find(project.id, request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('overviews')
          .where('project_id', '=', project.id)
          .where('id', '=', row.id)
          .execute();
        if (Number(row.is_default) !== 1) return;
        const next = await trx
          .selectFrom('overviews')
          .select('id')
          .where('project_id', '=', project.id)
          .orderBy('created_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (next)
          await trx.updateTable('overviews').set({ is_default: 1 }).where('id', '=', next.id).execute();
      });
      return ok(null);
    },
  );
};
