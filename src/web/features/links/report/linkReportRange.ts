import dayjs from 'dayjs';
import type { DateRange } from '../../linkAnalytics/dateRangePresets';
import { rangeDayCount } from '../../linkAnalytics/dateRangePresets';

/** The server's longest report range (docs/deep-links.md). */
export const REPORT_MAX_DAYS = 92;
/** Hourly points beyond a few days make an unreadable chart. */
export const HOURLY_MAX_DAYS = 3;

/** Whether a range is short enough to be shown by the hour. */
export function hourlyAllowed(range: DateRange): boolean {
  return rangeDayCount(dayjs(range.from), dayjs(range.to)) <= HOURLY_MAX_DAYS;
}
