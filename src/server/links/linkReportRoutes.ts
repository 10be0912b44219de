import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { currentProject, requireProject } from '../plugins/auth';
import { dateRange } from './dateRange';
import { CountsFields, RangeQuery } from './rangeSchemas';
import { PageQuery } from './listQuery';
import type { TypedApp } from '../http/typedApp';
import { linkEvents, linkReport, linkRowId, type LinkEventType } from './linkReportService';

const tags = ['link analytics'];
const security = [{ bearer: [] }];

/** The longest link report (the "nearly 90 days" date preset and a little more). */
const MAX_REPORT_DAYS = 92;

const ReportSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  tz: Type.String({ description: 'The zone the days and hours are cut in' }),
  granularity: Type.String(),
  totals: Type.Object(CountsFields),
  series: Type.Array(Type.Object({ time: Type.String(), ...CountsFields })),
  byPlatform: Type.Array(Type.Object({ platform: Type.String(), ...CountsFields })),
  byChannel: Type.Array(Type.Object({ channel: Type.String(), ...CountsFields })),
  bySource: Type.Array(
    Type.Object({
      source: Type.Union([Type.Literal('banner'), Type.Literal('script'), Type.Literal('other')]),
      ...CountsFields,
    }),
    { description: "By the clicks' gc_src parameter (web SDK banners and scripts); always the three" },
  ),
});

const EventRow = Type.Object({
  id: Type.String(),
  type: Type.String(),
  time: Type.String(),
  platform: Type.String(),
  os: Type.Union([Type.String(), Type.Null()]),
  osVersion: Type.Union([Type.String(), Type.Null()]),
  brand: Type.Union([Type.String(), Type.Null()]),
  model: Type.Union([Type.String(), Type.Null()]),
  browser: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String(), Type.Null()]),
  referrer: Type.Union([Type.String(), Type.Null()]),
  channel: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  deviceId: Type.Union([Type.String(), Type.Null()]),
  params: Type.Unknown(),
});

function reportRoute(app: TypedApp) {
  app.get(
    '/api/links/:id/report',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          'Clicks, installs, opens and registrations of a link over time, by platform, channel and source',
        params: IdParams,
        querystring: Type.Object({
          ...RangeQuery,
          granularity: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('hour')])),
        }),
        response: { 200: Envelope(ReportSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const { db } = app.ctx;
      const id = await linkRowId(db, project.id, request.params.id);
      const range = dateRange(request.query, app.ctx.now(), MAX_REPORT_DAYS, project.timeZone);
      const scope = { projectId: project.id, linkRowId: id };
      return ok(await linkReport(db, scope, range, request.query.granularity ?? 'day'));
    },
  );
}

function eventsRoute(app: TypedApp) {
  app.get(
    '/api/links/:id/clicks',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: "A link's clicks (or attributed installs, opens, registrations), newest first",
        params: IdParams,
        querystring: Type.Object({
          ...PageQuery,
          ...RangeQuery,
          type: Type.Optional(
            Type.Union(['click', 'install', 'open', 'register'].map((t) => Type.Literal(t))),
          ),
        }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(EventRow), total: Type.Integer() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const id = await linkRowId(app.ctx.db, project.id, request.params.id);
      const { from, to, tz } = request.query;
      const range =
        from || to
          ? dateRange({ from: from ?? to, to: to ?? from, tz }, app.ctx.now(), 100_000, project.timeZone)
          : undefined;
      const type = (request.query.type ?? 'click') as LinkEventType;
      return ok(await linkEvents(app.ctx.db, id, type, range, request.query));
    },
  );
}

/** A link's report and its event table (the link detail page), over linkReportService. */
export const linkReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  reportRoute(app);
  eventsRoute(app);
};
