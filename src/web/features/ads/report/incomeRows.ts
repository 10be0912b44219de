import { topGroups, TOP_GROUPS, type GroupTotal } from '../../../charts/topGroups';
import type { IncomeReport, ReportCounts, ReportGrouping } from '../adsTypes';

/** What a report figure is, for its formatting: a count, money in micros, or a 0..1 rate. */
export type MetricKind = 'count' | 'money' | 'rate';

/** The report's figures in the order the KPI cards, table columns and chart switch show them. */
export const reportMetrics = [
  { key: 'requests', kind: 'count' },
  { key: 'serves', kind: 'count' },
  { key: 'clicks', kind: 'count' },
  { key: 'incomeMicros', kind: 'money' },
  { key: 'ecpmMicros', kind: 'money' },
  { key: 'matchRate', kind: 'rate' },
  { key: 'ctr', kind: 'rate' },
] as const satisfies ReadonlyArray<{ key: keyof ReportCounts; kind: MetricKind }>;
export type ReportMetric = (typeof reportMetrics)[number]['key'];

export const metricKind = (key: ReportMetric): MetricKind =>
  reportMetrics.find((metric) => metric.key === key)?.kind ?? 'count';

/** Whether figures add up across groups (counts and income) or not (eCPM and rates). */
const additive = (key: ReportMetric) =>
  key === 'requests' || key === 'serves' || key === 'clicks' || key === 'incomeMicros';

/** Whether a range holds anything at all: a request, a click or income (else the page says so). */
export function hasIncomeData(report: IncomeReport | undefined): boolean {
  if (!report) return false;
  const { requests, clicks, incomeMicros } = report.totals;
  return requests > 0 || clicks > 0 || incomeMicros !== 0;
}

/** One point of the chart: a day (grouped by date) or a group's label. */
export interface ChartPoint {
  group: string;
  value: number;
}

/**
 * The chart's points for one figure: by date, every day of the series in order; otherwise the
 * top 8 groups by that figure, the rest summed into `othersLabel` when the figure adds up
 * (counts, income) and left out when it does not (eCPM, rates).
 */
export function chartPoints(
  report: IncomeReport,
  groupBy: ReportGrouping,
  metric: ReportMetric,
  othersLabel: string,
  unknownLabel: string,
): ChartPoint[] {
  if (groupBy === 'date') return report.series.map((point) => ({ group: point.date, value: point[metric] }));
  const rows: GroupTotal[] = report.rows.map((row) => ({
    group: groupLabel(row, unknownLabel),
    value: row[metric],
  }));
  if (additive(metric)) return topGroups(rows, othersLabel);
  return [...rows].sort((a, b) => b.value - a.value).slice(0, TOP_GROUPS);
}

/** A row's name: the server's label, else its key, else the "unknown" word (a page without host). */
export function groupLabel(row: { key: string; label: string }, unknownLabel: string): string {
  return row.label || row.key || unknownLabel;
}
