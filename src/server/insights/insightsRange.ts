import { dateRange } from '../links/dateRange';
import { dayOf } from '../sdk/dayNumber';

/** Analysis ranges reach back at most this many days (SPEC's "nearly 90 days" preset, last month). */
export const MAX_ANALYSIS_DAYS = 92;

export interface InsightsRange {
  from: string;
  to: string;
  fromDay: number;
  toDay: number;
}

/**
 * `from`/`to` (YYYY-MM-DD, both included) as UTC day numbers: the rollups count UTC days. Default
 * the last 7 days; longer than `maxDays` answers 400 `rangeTooLong`.
 */
export function insightsRange(
  query: { from?: string; to?: string },
  now: Date,
  maxDays = MAX_ANALYSIS_DAYS,
): InsightsRange {
  const range = dateRange({ from: query.from, to: query.to, tz: 'UTC' }, now, maxDays);
  return { from: range.from, to: range.to, fromDay: dayOf(range.from), toDay: dayOf(range.to) };
}
