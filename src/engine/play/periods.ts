import { localDate, localDayNumber } from '../rules/timeZone';

const DAY_MS = 86_400_000;

/** The local date (`YYYY-MM-DD`) of a day number (days since 1970-01-01). */
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number (days since 1970-01-01) of a local date `YYYY-MM-DD`. */
export function dayNumberOfDate(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a day number; 1970-01-01 was a Thursday. */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/**
 * The week key of an instant: the local date of the first day of its week, where weeks start at
 * 00:00 of `refreshDay` (1 = Monday ... 7 = Sunday) in the zone. A weekly limit with refresh day
 * Monday in GMT+08:00 resets at Monday 00:00 there, whatever the server's zone.
 */
export function weekKey(instantMs: number, tz: string, refreshDay: number): string {
  const day = localDayNumber(instantMs, tz);
  const start = Math.min(7, Math.max(1, Math.floor(refreshDay) || 1));
  return dateOfDayNumber(day - ((isoWeekday(day) - start + 7) % 7));
}

export interface PeriodKeys {
  /** The local day. */
  day: string;
  /** The local date the week started on. */
  week: string;
}

/** The period keys of an instant in a campaign's zone: counters keyed by them reset by themselves. */
export function periodKeys(instantMs: number, tz: string, refreshDay: number): PeriodKeys {
  return { day: localDate(instantMs, tz), week: weekKey(instantMs, tz, refreshDay) };
}

/** Whole local days from `from` to `to` (both `YYYY-MM-DD`): 1 for consecutive days. */
export function daysBetween(from: string, to: string): number {
  return dayNumberOfDate(to) - dayNumberOfDate(from);
}

/** The local date `n` days after `date`. */
export function addDays(date: string, n: number): string {
  return dateOfDayNumber(dayNumberOfDate(date) + n);
}
