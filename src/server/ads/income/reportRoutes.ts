import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { csvFileName } from '../../http/csvFileName';
import { requestLang } from '../../http/requestLang';
import { sendCsv } from '../../http/sendCsv';
import { Id } from '../../http/fields';
import { dateRange } from '../../links/dateRange';
import { currentProject, requireProject } from '../../plugins/auth';
import type { ProjectAccess } from '../../appContext';
import { adsReport, REPORT_GROUPS } from './adsReport';
import { incomeSettings } from './incomeSettings';
import { reportCsv } from './reportCsv';

/** SPEC's query limit, as for the other reports. */
export const MAX_REPORT_DAYS = 10;
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
type ReportQueryType = Static<typeof ReportQuery>;
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
  const report = async (project: ProjectAccess, query: ReportQueryType) => {
    // The days requests and income were stamped in: the project's rollup zone.
    const range = dateRange(query, app.ctx.now(), MAX_REPORT_DAYS, project.rollupTimeZone);
    const currency = query.currency ?? (await incomeSettings(app.ctx.db, project.id)).currency;
    const data = await adsReport(app.ctx.db, project.id, {
      from: range.from,
      to: range.to,
      groupBy: query.groupBy,
      currency,
      strategyId: query.strategyId,
      domain: query.domain,
    });
    return { from: range.from, to: range.to, tz: range.tz, currency, ...data };
  };

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
    async (request) => ok(await report(currentProject(request), request.query)),
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
      const data = await report(currentProject(request), request.query);
      const csv = reportCsv(data, request.query.groupBy, data.currency, requestLang(request));
      return sendCsv(reply, csvFileName(data.from, data.to), csv);
    },
  );
};
