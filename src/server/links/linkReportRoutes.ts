import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError } from '../errors';
import { currentProject, requireProject } from '../plugins/auth';
import { dateRange } from './dateRange';
import { CountsFields, RangeQuery } from './rangeSchemas';
import { countsBy, countsBySource, countsOverTime } from './linkStats';
import { PageQuery, newestPage } from './listQuery';

/** The longest link report (SPEC's "nearly 90 days" preset and a little more). */
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

/** A link's report and its event table (the link detail page). */
export const linkReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['link analytics'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function linkRowId(projectId: string, id: string): Promise<string> {
    const row = await db
      .selectFrom('links')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row.id;
  }

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
      const id = await linkRowId(project.id, request.params.id);
      const range = dateRange(request.query, app.ctx.now(), MAX_REPORT_DAYS, project.timeZone);
      const granularity = request.query.granularity ?? 'day';
      const scope = { projectId: project.id, linkRowId: id };
      const [overTime, byPlatform, byChannel, bySource] = await Promise.all([
        countsOverTime(db, scope, range, granularity),
        countsBy(db, scope, range, 'platform'),
        countsBy(db, scope, range, 'channel'),
        countsBySource(db, app.ctx.dbKind, scope, range),
      ]);
      return ok({
        from: range.from,
        to: range.to,
        tz: range.tz,
        granularity,
        totals: overTime.totals,
        series: overTime.series,
        byPlatform: byPlatform.map(({ key, ...counts }) => ({ platform: key, ...counts })),
        byChannel: byChannel.map(({ key, ...counts }) => ({ channel: key, ...counts })),
        bySource,
      });
    },
  );

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
      const id = await linkRowId(project.id, request.params.id);
      const { from, to, tz } = request.query;
      const range =
        from || to
          ? dateRange({ from: from ?? to, to: to ?? from, tz }, app.ctx.now(), 100_000, project.timeZone)
          : undefined;
      const type = request.query.type ?? 'click';
      if (type === 'click') {
        let query = db.selectFrom('clicks').where('link_id', '=', id);
        if (range)
          query = query.where('created_at', '>=', range.startIso).where('created_at', '<', range.endIso);
        const { rows, total } = await newestPage(query, request.query);
        return ok({
          items: rows.map((r) => ({
            id: r.id,
            type: 'click',
            time: r.created_at,
            platform: r.platform,
            os: r.os,
            osVersion: r.os_version,
            brand: r.brand,
            model: r.model,
            browser: r.browser,
            country: r.country,
            referrer: r.referrer,
            channel: r.channel,
            outcome: r.outcome,
            userAgent: r.user_agent,
            deviceId: null,
            params: r.params ? (JSON.parse(r.params) as unknown) : null,
          })),
          total,
        });
      }
      let query = db.selectFrom('attributions').where('link_id', '=', id).where('type', '=', type);
      if (range)
        query = query.where('created_at', '>=', range.startIso).where('created_at', '<', range.endIso);
      const { rows, total } = await newestPage(query, request.query);
      return ok({
        items: rows.map((r) => ({
          id: r.id,
          type: r.type,
          time: r.created_at,
          platform: r.platform,
          os: r.os,
          osVersion: r.os_version,
          brand: null,
          model: r.model,
          browser: null,
          country: null,
          referrer: null,
          channel: r.channel,
          outcome: null,
          userAgent: r.user_agent,
          deviceId: r.device_id,
          params: null,
        })),
        total,
      });
    },
  );
};
