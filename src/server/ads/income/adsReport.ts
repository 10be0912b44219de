import { sql, type Kysely } from 'kysely';
import { ecpmMicros } from '../../../engine/ads/money';
import type { Database } from '../../db/tables';
import { localDayNumber, localDayStartMs } from '../../../engine/rules/timeZone';
import { dateOf, dayOf } from '../../sdk/dayNumber';
import { rollupTimeZone } from '../../sdk/ingestEvents';
import { QUARTER_MS } from '../requestIds';

export const REPORT_GROUPS = ['date', 'domain', 'url', 'strategy', 'account'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The counted figures of a report cell. */
export interface ReportCounts {
  requests: number;
  serves: number;
  clicks: number;
  incomeMicros: number;
}

/** A report row: the counts and what follows from them. */
export interface ReportFigures extends ReportCounts {
  ecpmMicros: number;
  /** serves / requests (0..1). */
  matchRate: number;
  /** clicks / serves (0..1). */
  ctr: number;
}

export interface AdsReportQuery {
  /** Local days (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  groupBy: ReportGroup;
  /** Income is counted in this currency only. */
  currency: string;
  strategyId?: string;
  domain?: string;
}

export interface AdsReport {
  /** The currencies income was booked in over the range (under the filters), sorted. */
  currencies: string[];
  totals: ReportFigures;
  rows: (ReportFigures & { key: string; label: string })[];
  series: (ReportFigures & { date: string })[];
}

const zero = (): ReportCounts => ({ requests: 0, serves: 0, clicks: 0, incomeMicros: 0 });
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1e6) / 1e6 : 0);

/** The figures of counts: eCPM (engine), match rate and CTR (rounded to 6 decimals). */
export function figuresOf(counts: ReportCounts): ReportFigures {
  return {
    ...counts,
    ecpmMicros: ecpmMicros(counts.incomeMicros, counts.serves),
    matchRate: ratio(counts.serves, counts.requests),
    ctr: ratio(counts.clicks, counts.serves),
  };
}

// The column each table groups by (null: the group is not in that table's rows).
const REQUEST_KEY: Record<ReportGroup, 'domain' | 'url_id' | 'strategy_id' | null> = {
  date: null,
  domain: 'domain',
  url: 'url_id',
  strategy: 'strategy_id',
  account: null,
};
const INCOME_KEY: Record<ReportGroup, 'domain' | 'url_id' | 'strategy_id' | 'account_id' | null> = {
  date: null,
  domain: 'domain',
  url: 'url_id',
  strategy: 'strategy_id',
  account: 'account_id',
};

// Grouped by date alone: every cell's key is ''.
const NO_KEY = sql<string>`''`;
const keyOf = (column: string | null) => (column ? sql<string>`${sql.ref(column)}` : NO_KEY);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Names of the row keys: URLs, strategy and account names (a key without one is its own label). */
async function labels(
  db: Kysely<Database>,
  projectId: string,
  groupBy: ReportGroup,
  keys: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = keys.filter((key) => key !== '');
  for (
    let i = 0;
    i < ids.length && (groupBy === 'url' || groupBy === 'strategy' || groupBy === 'account');
    i += 500
  ) {
    const part = ids.slice(i, i + 500);
    const rows =
      groupBy === 'url'
        ? await db
            .selectFrom('ad_urls')
            .select(['id', 'url as label'])
            .where('project_id', '=', projectId)
            .where('id', 'in', part)
            .execute()
        : await db
            .selectFrom(groupBy === 'strategy' ? 'ads_strategies' : 'ad_accounts')
            .select(['id', 'name as label'])
            .where('project_id', '=', projectId)
            .where('id', 'in', part)
            .execute();
    for (const row of rows) out.set(row.id, row.label);
  }
  return out;
}

/** The credits of the range naming one of our requests (click ids), with the request's click. */
function attributedServes(
  db: Kysely<Database>,
  projectId: string,
  query: AdsReportQuery,
  first: number,
  last: number,
) {
  let scope = db
    .selectFrom('ad_income')
    .leftJoin('ad_clicks', 'ad_clicks.request_id', 'ad_income.request_id')
    .where('ad_income.project_id', '=', projectId)
    .where('ad_income.day', '>=', first)
    .where('ad_income.day', '<=', last)
    .where('ad_income.currency', '=', query.currency)
    .where('ad_income.kind', '=', 'credit')
    .where('ad_income.request_id', 'is not', null);
  if (query.strategyId !== undefined) scope = scope.where('ad_income.strategy_id', '=', query.strategyId);
  if (query.domain !== undefined) scope = scope.where('ad_income.domain', '=', query.domain);
  return scope;
}

/** The range's serve counters and income rows under the query's filters (not yet of one currency). */
function scopes(db: Kysely<Database>, projectId: string, query: AdsReportQuery, zone: string) {
  const first = dayOf(query.from);
  const last = dayOf(query.to);
  // Serve counters are per UTC quarter hour; the range's local days are whole quarters.
  let serves = db
    .selectFrom('ad_serves')
    .where('project_id', '=', projectId)
    .where('quarter', '>=', Math.floor(localDayStartMs(first, zone) / QUARTER_MS))
    .where('quarter', '<', Math.floor(localDayStartMs(last + 1, zone) / QUARTER_MS));
  let income = db
    .selectFrom('ad_income')
    .where('project_id', '=', projectId)
    .where('day', '>=', first)
    .where('day', '<=', last);
  if (query.strategyId !== undefined) {
    serves = serves.where('strategy_id', '=', query.strategyId);
    income = income.where('strategy_id', '=', query.strategyId);
  }
  if (query.domain !== undefined) {
    serves = serves.where('domain', '=', query.domain);
    income = income.where('domain', '=', query.domain);
  }
  return { serves, income };
}

/**
 * The report's cells: serve counters per quarter hour and group key, income of the currency per
 * day and key, the currencies booked, and (grouped by account) the requests each account's credits
 * named with how many were followed.
 */
async function reportCells(db: Kysely<Database>, projectId: string, query: AdsReportQuery, zone: string) {
  const requestKey = REQUEST_KEY[query.groupBy];
  const incomeKey = INCOME_KEY[query.groupBy];
  const { serves, income } = scopes(db, projectId, query, zone);
  const [serveCells, incomeCells, currencyRows, attributed] = await Promise.all([
    serves
      .select((eb) => [
        'quarter',
        keyOf(requestKey).as('key'),
        eb.fn.sum<string | number>('requests').as('requests'),
        sql<
          string | number
        >`sum(case when ${sql.ref('url_id')} <> '' then ${sql.ref('requests')} else 0 end)`.as('serves'),
        eb.fn.sum<string | number>('clicks').as('clicks'),
      ])
      .groupBy(requestKey ? ['quarter', requestKey] : ['quarter'])
      .execute(),
    income
      .where('currency', '=', query.currency)
      .select((eb) => ['day', keyOf(incomeKey).as('key'), eb.fn.sum('amount_micros').as('income')])
      .groupBy(incomeKey ? ['day', incomeKey] : ['day'])
      .execute(),
    income.select('currency').distinct().execute(),
    query.groupBy === 'account'
      ? attributedServes(db, projectId, query, dayOf(query.from), dayOf(query.to))
          .select((eb) => [
            'ad_income.account_id as key',
            eb.fn.count('ad_income.request_id').distinct().as('serves'),
            // Followed: a link-host request (source 'r' in its id) or an API one with its click.
            sql<
              string | number
            >`count(distinct case when ${sql.ref('ad_clicks.request_id')} is not null or substr(${sql.ref('ad_income.request_id')}, 18, 1) = 'r' then ${sql.ref('ad_income.request_id')} end)`.as(
              'clicks',
            ),
          ])
          .groupBy('ad_income.account_id')
          .execute()
      : Promise.resolve([]),
  ]);
  return { serveCells, incomeCells, currencyRows, attributed };
}

type ReportCells = Awaited<ReturnType<typeof reportCells>>;

/**
 * Adds the cells up: the totals, every day of the range (`days`, by day number) and the groups
 * (by key; by date, every day of the range). Grouped by account, only income is added by key;
 * the attributed requests give an account its requests, serves and clicks.
 */
function accumulate(query: AdsReportQuery, zone: string, cells: ReportCells) {
  const first = dayOf(query.from);
  const last = dayOf(query.to);
  const totals = zero();
  const days = new Map<number, ReportCounts>();
  for (let day = first; day <= last; day += 1) days.set(day, zero());
  const groups = new Map<string, ReportCounts>();
  const groupOf = (key: string) => {
    let counts = groups.get(key);
    if (!counts) groups.set(key, (counts = zero()));
    return counts;
  };
  const add = (day: unknown, key: unknown, field: keyof ReportCounts, value: unknown) => {
    const n = Number(value ?? 0);
    totals[field] += n;
    const dayCounts = days.get(Number(day));
    if (dayCounts) dayCounts[field] += n;
    if (query.groupBy === 'date') groupOf(dateOf(Number(day)))[field] += n;
    else if (query.groupBy !== 'account' || field === 'incomeMicros') groupOf(String(key ?? ''))[field] += n;
  };
  for (const cell of cells.serveCells) {
    const day = localDayNumber(Number(cell.quarter) * QUARTER_MS, zone);
    add(day, cell.key, 'requests', cell.requests);
    add(day, cell.key, 'serves', cell.serves);
    add(day, cell.key, 'clicks', cell.clicks);
  }
  for (const cell of cells.incomeCells) add(cell.day, cell.key, 'incomeMicros', cell.income);
  for (const cell of cells.attributed) {
    const counts = groupOf(cell.key);
    counts.requests = counts.serves = Number(cell.serves);
    counts.clicks = Number(cell.clicks);
  }
  if (query.groupBy === 'date') for (const day of days.keys()) groupOf(dateOf(day));
  return { totals, days, groups };
}

type ReportRow = AdsReport['rows'][number];

/** Row order: by date, the days in order; otherwise income, serves, requests (descending), then key. */
function rowOrder(groupBy: ReportGroup): (a: ReportRow, b: ReportRow) => number {
  if (groupBy === 'date') return (a, b) => byText(a.key, b.key);
  return (a, b) =>
    b.incomeMicros - a.incomeMicros || b.serves - a.serves || b.requests - a.requests || byText(a.key, b.key);
}

/**
 * The ads report of a project over local days (the rollup zone's): requests, serves and clicks
 * from the `ad_serves` counters (per UTC quarter hour, counted in the zone's days), income (credits minus reversals) of one
 * currency from `ad_income`, per day (`series`, every day of the range) and per group (`rows`:
 * the day, the page's domain, the URL, the strategy or the ad account; '' = unknown or
 * unmatched). Grouped by account, requests, serves and clicks count only the requests the
 * account's credits named (click ids), since serves belong to no account.
 */
export async function adsReport(
  db: Kysely<Database>,
  projectId: string,
  query: AdsReportQuery,
): Promise<AdsReport> {
  const zone = await rollupTimeZone(db, projectId);
  const cells = await reportCells(db, projectId, query, zone);
  const { totals, days, groups } = accumulate(query, zone, cells);
  const names = await labels(db, projectId, query.groupBy, [...groups.keys()]);
  const rows = [...groups]
    .map(([key, counts]) => ({ key, label: names.get(key) ?? key, ...figuresOf(counts) }))
    .sort(rowOrder(query.groupBy));
  return {
    currencies: cells.currencyRows.map((row) => row.currency).sort(byText),
    totals: figuresOf(totals),
    rows,
    series: [...days].map(([day, counts]) => ({ date: dateOf(day), ...figuresOf(counts) })),
  };
}
