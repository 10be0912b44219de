import type { Kysely } from 'kysely';
import type { Lang } from '../../../engine/validation/lang';
import type { Database } from '../../db/tables';
import { csvFileName } from '../../http/csvFileName';
import { dateRange } from '../../links/dateRange';
import { adsReport, type ReportGroup } from './adsReport';
import { incomeSettings } from './incomeSettings';
import { reportCsv } from './reportCsv';

/** The longest query in days, as for the other reports. */
export const MAX_REPORT_DAYS = 10;

/** A report query as the API takes it (days optional, the currency defaulting to the settings'). */
export interface ReportRequest {
  from?: string;
  to?: string;
  groupBy: ReportGroup;
  currency?: string;
  strategyId?: string;
  domain?: string;
}

/**
 * The ads report answer of a project: the range (default the last 7 local days up to `now`, at
 * most `MAX_REPORT_DAYS`: 400 `rangeTooLong`; bad days 400 at `/querystring/from|to`) cut in the
 * project's rollup zone, the days requests and income were stamped in; the currency asked for,
 * else the ads settings' (USD without settings); then `adsReport`'s figures.
 */
export async function projectAdsReport(
  db: Kysely<Database>,
  project: { id: string; rollupTimeZone: string },
  query: ReportRequest,
  now: Date,
) {
  const range = dateRange(query, now, MAX_REPORT_DAYS, project.rollupTimeZone);
  const currency = query.currency ?? (await incomeSettings(db, project.id)).currency;
  const data = await adsReport(db, project.id, {
    from: range.from,
    to: range.to,
    groupBy: query.groupBy,
    currency,
    strategyId: query.strategyId,
    domain: query.domain,
  });
  return { from: range.from, to: range.to, tz: range.tz, currency, ...data };
}

/** The ads report as a CSV file in `lang`: its name (`from--to.csv`) and text. */
export async function adsReportExport(
  db: Kysely<Database>,
  project: { id: string; rollupTimeZone: string },
  query: ReportRequest,
  now: Date,
  lang: Lang,
): Promise<{ fileName: string; csv: string }> {
  const data = await projectAdsReport(db, project, query, now);
  return {
    fileName: csvFileName(data.from, data.to),
    csv: reportCsv(data, query.groupBy, data.currency, lang),
  };
}
