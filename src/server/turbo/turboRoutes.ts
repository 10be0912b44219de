import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { entityListRoutes } from '../lists/entityListRoutes';
import { dateRange } from '../links/dateRange';
import type { TypedApp } from '../http/typedApp';
import { currentProject, requireProject } from '../plugins/auth';
import { ServedTargets } from './servedTargets';
import { assertBannerReferences, assertScriptReferences } from './turboChecks';
import { turboPublicRoutes } from './turboPublicRoutes';
import {
  BannerSummaryFields,
  bannerColumns,
  bannerSummary,
  ScriptSummaryFields,
  scriptColumns,
  scriptSummary,
  turboName,
} from './turboSummary';
import type { TurboKind } from './turboTables';
import { bannerLinkUrls, deleteTargetEvents, turboBannerReport } from './turboService';

/** The longest query in days, as for channel analytics and event statistics. */
const MAX_REPORT_DAYS = 10;
const Status = Type.Enum(['online', 'offline']);
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const CountsFields = {
  impressions: Type.Integer(),
  clicks: Type.Integer(),
  dismissals: Type.Integer(),
};
const ReportSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  tz: Type.String({ description: 'The zone the days are cut in (the project’s)' }),
  totals: Type.Object(CountsFields),
  series: Type.Array(Type.Object({ date: Type.String(), ...CountsFields })),
  byPlatform: Type.Array(
    Type.Object({
      platform: Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('other')]),
      ...CountsFields,
    }),
  ),
  byPage: Type.Array(Type.Object({ page: Type.String(), ...CountsFields }), {
    description: 'The 20 pages with the most impressions',
  }),
});

/** A deleted banner or script takes its events along (in the delete's transaction). */
const deleteEvents =
  (kind: TurboKind) =>
  async (
    db: Parameters<typeof deleteTargetEvents>[0],
    project: { id: string },
    before: { id: string },
    config: unknown,
  ) => {
    if (config === null) await deleteTargetEvents(db, project.id, kind, before.id);
  };

const bannerListRoutes = (served: ServedTargets) =>
  entityListRoutes({
    path: '/api/turbo-banners',
    table: 'turbo_banners',
    entity: 'turbo-banner',
    tag: 'turbo banners',
    nameOf: turboName,
    columns: bannerColumns,
    summaryFields: BannerSummaryFields,
    summary: (row, config, extra) =>
      bannerSummary(row, config, (extra.get(row.id)?.linkUrl as string | null | undefined) ?? null),
    extra: (instance, ids) =>
      bannerLinkUrls(instance.ctx.db, (prefix) => instance.deepLinks.baseUrl(prefix), ids),
    filters: { status: { column: 'status', schema: Status } },
    check: (instance, project, config) => assertBannerReferences(instance.ctx.db, project.id, config),
    afterWrite: deleteEvents('banner'),
    afterCommit: (id) => served.forget(id),
    statusRoute: true,
  });

const scriptListRoutes = (served: ServedTargets) =>
  entityListRoutes({
    path: '/api/turbo-scripts',
    table: 'turbo_scripts',
    entity: 'turbo-script',
    tag: 'turbo scripts',
    nameOf: turboName,
    columns: scriptColumns,
    summaryFields: ScriptSummaryFields,
    summary: (row) => scriptSummary(row),
    filters: { status: { column: 'status', schema: Status } },
    check: (instance, project, config) => assertScriptReferences(instance.ctx.db, project.id, config),
    afterWrite: deleteEvents('script'),
    afterCommit: (id) => served.forget(id),
    statusRoute: true,
  });

function bannerReportRoute(app: TypedApp) {
  app.get(
    '/api/turbo-banners/:id/report',
    {
      onRequest: requireProject('view'),
      schema: {
        tags: ['turbo banners'],
        security: [{ bearer: [] }],
        summary:
          "A banner's impressions, clicks and dismissals by local day, platform and page (at most 10 days)",
        params: IdParams,
        querystring: Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }),
        response: { 200: Envelope(ReportSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      // The days events were stamped in: the project's rollup zone (its zone but mid-change).
      const { from, to } = request.query;
      const range = dateRange({ from, to }, app.ctx.now(), MAX_REPORT_DAYS, project.rollupTimeZone);
      return ok(await turboBannerReport(app.ctx.db, project.id, request.params.id, range));
    },
  );
}

/**
 * Web-to-app: Turbo Banners and Turbo Scripts as lists with an online/offline status
 * (entity/turbo-banner and entity/turbo-script configs, checked against the project's link
 * templates and links), a banner's report (turboService), and the public routes the web SDK
 * reads and reports to.
 */
export const turboRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const served = new ServedTargets();
  await app.register(bannerListRoutes(served));
  await app.register(scriptListRoutes(served));
  bannerReportRoute(app);
  await app.register(turboPublicRoutes(served));
};
