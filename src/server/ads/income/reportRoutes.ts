import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { requestLang } from '../../http/requestLang';
import { sendCsv } from '../../http/sendCsv';
import { Id } from '../../http/fields';
import { currentProject, requireProject } from '../../plugins/auth';
import { REPORT_GROUPS } from './adsReport';
import { adsReportExport, projectAdsReport } from './reportService';
const tags = ['ads income'];
const security = [{ bearer: [] }];

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const ReportQuery = Type.Object({
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  groupBy: Type.Enum([...REPORT_GROUPS], { default: 'date' }),
  currency: Type.Optional(
    Type.String({
      pattern: '^[A-Z]{3}$',
      description: 'Income of this currency only (default: the ads settings’)',
    }),
  ),
  strategyId: Type.Optional(Id),
  domain: Type.Optional(Type.String({ maxLength: 253, description: 'The page host' })),
});
const FigureFields = {
  requests: Type.Integer(),
  serves: Type.Integer({ description: 'Matched requests' }),
  clicks: Type.Integer(),
  incomeMicros: Type.Integer({ description: 'Credits minus reversals, in `currency`' }),
  ecpmMicros: Type.Integer({ description: 'income / serves × 1000' }),
  matchRate: Type.Number({ description: 'serves / requests' }),
  ctr: Type.Number({ description: 'clicks / serves' }),
};
const ReportSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  tz: Type.String({ description: 'The zone the days are cut in (the project’s)' }),
  currency: Type.String(),
  currencies: Type.Array(Type.String(), { description: 'Currencies income was booked in over the range' }),
  totals: Type.Object(FigureFields),
  rows: Type.Array(
    Type.Object({
      key: Type.String({ description: "The date, domain, URL id, strategy id or account id ('' = unknown)" }),
      label: Type.String({ description: 'The date, domain, URL, strategy or account name' }),
      ...FigureFields,
    }),
  ),
  series: Type.Array(Type.Object({ date: Type.String(), ...FigureFields })),
});

/** The ads report (JSON) and its CSV export. */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/ads/report',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          'Ads report: requests, serves, clicks, income, eCPM, match rate and CTR by date, domain, URL, strategy or ad account (local days, at most 10)',
        querystring: ReportQuery,
        response: { 200: Envelope(ReportSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(await projectAdsReport(app.ctx.db, currentProject(request), request.query, app.ctx.now())),
  );

  app.get(
    '/api/ads/report/export',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'The ads report as CSV (UTF-8 with BOM, formula cells escaped), file start--end.csv',
        querystring: ReportQuery,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const lang = requestLang(request);
      const file = await adsReportExport(app.ctx.db, project, request.query, app.ctx.now(), lang);
      return sendCsv(reply, file.fileName, file.csv);
    },
  );
};
