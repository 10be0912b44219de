import { dateRange } from '../links/dateRange';
import { dayOf } from '../sdk/dayNumber';

/** Analysis ranges reach back at most this many days (the "nearly 90 days" date preset, last month). */
export const MAX_ANALYSIS_DAYS = 92;

export interface InsightsRange {
  from: string;
  to: string;
  fromDay: number;
  toDay: number;
  /** The zone the days are counted in (the project's rollup zone). */
  tz: string;
}

/**
 * `from`/`to` (YYYY-MM-DD, both included) as day numbers of the rollups, which count local days of
 * `zone` (the project's rollup zone; a `tz` in the query cannot change that). Default the last 7
 * days up to today in the zone; longer than `maxDays` answers 400 `rangeTooLong`.
 */
export function insightsRange(
  query: { from?: string; to?: string },
  now: Date,
  zone: string,
  maxDays = MAX_ANALYSIS_DAYS,
): InsightsRange {
  const range = dateRange({ from: query.from, to: query.to, tz: zone }, now, maxDays);
  return {
    from: range.from,
    to: range.to,
    fromDay: dayOf(range.from),
    toDay: dayOf(range.to),
    tz: range.tz,
  };
}
