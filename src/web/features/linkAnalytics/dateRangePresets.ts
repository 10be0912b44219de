import type { Dayjs } from 'dayjs';

/** The nine date presets, in the order they are offered. */
export const datePresetKeys = [
  'today',
  'yesterday',
  'last3Days',
  'last7Days',
  'last14Days',
  'last30Days',
  'last90Days',
  'thisMonth',
  'lastMonth',
] as const;
export type DatePresetKey = (typeof datePresetKeys)[number];

/** Longest query range in days, for the reports that limit it. */
export const MAX_QUERY_DAYS = 10;

/** A day range as the API takes it: inclusive `YYYY-MM-DD` days. */
export interface DateRange {
  from: string;
  to: string;
}

export const DAY_FORMAT = 'YYYY-MM-DD';

const lastDays: Partial<Record<DatePresetKey, number>> = {
  last3Days: 3,
  last7Days: 7,
  last14Days: 14,
  last30Days: 30,
  last90Days: 90,
};

/** First and last day of a preset, counted back from `today` (today included in "last N days"). */
export function presetDays(key: DatePresetKey, today: Dayjs): [Dayjs, Dayjs] {
  const day = today.startOf('day');
  const n = lastDays[key];
  if (n) return [day.subtract(n - 1, 'day'), day];
  switch (key) {
    case 'yesterday':
      return [day.subtract(1, 'day'), day.subtract(1, 'day')];
    case 'thisMonth':
      return [day.startOf('month'), day];
    case 'lastMonth': {
      const month = day.subtract(1, 'month');
      return [month.startOf('month'), month.endOf('month').startOf('day')];
    }
    default:
      return [day, day];
  }
}

/** Days in an inclusive range: the same day twice is 1. */
export function rangeDayCount(from: Dayjs, to: Dayjs): number {
  return to.startOf('day').diff(from.startOf('day'), 'day') + 1;
}

/** The range of a preset as API days. */
export function presetRange(key: DatePresetKey, today: Dayjs): DateRange {
  const [from, to] = presetDays(key, today);
  return { from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) };
}

/**
 * Whether the picker refuses `day`: days after today always; with `maxDays`, days that would make
 * a range longer than that with the first day already picked (`from`).
 */
export function isDayOutOfRange(day: Dayjs, today: Dayjs, maxDays?: number, from?: Dayjs): boolean {
  if (day.isAfter(today, 'day')) return true;
  if (!maxDays || !from) return false;
  return Math.abs(day.startOf('day').diff(from.startOf('day'), 'day')) >= maxDays;
}
