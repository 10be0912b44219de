import { validationMessage } from '../../engine/validation/localizeErrors';
import { localDate, localDayStartMs, normalizeTimeZone } from '../../engine/rules/timeZone';
import { AppError, fieldError } from '../errors';

/** A reporting range: whole days `from`..`to` (both included) in the time zone `tz`. */
export interface DateRange {
  from: string;
  to: string;
  tz: string;
  /** First instant, ISO UTC (included). */
  startIso: string;
  /** Instant after the last day, ISO UTC (excluded). */
  endIso: string;
  days: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function dayStartUtc(day: string, tz: string): number {
  return localDayStartMs(Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS), tz);
}

function isRealDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

function badField(path: string, key = 'invalid') {
  return fieldError((lang) => [{ path, message: validationMessage(key, lang) }]);
}

/**
 * Reads `from`, `to` (YYYY-MM-DD) and `tz` (an IANA zone or `GMT+08:00`; `defaultTz`, the
 * project's zone, when absent) of a report query. Without dates: the last 7 days up to today. A
 * range longer than `maxDays` answers 400 `rangeTooLong`.
 */
export function dateRange(
  query: { from?: string; to?: string; tz?: string },
  now: Date,
  maxDays: number,
  defaultTz = 'UTC',
): DateRange {
  const tz = normalizeTimeZone(query.tz?.trim() || defaultTz);
  if (!tz) throw badField('/querystring/tz', 'timeZone');
  const today = localDate(now.getTime(), tz);
  const to = query.to || (query.from && query.from > today ? query.from : today);
  if (!isRealDay(to)) throw badField('/querystring/to');
  let from = query.from;
  if (!from) {
    const start = new Date(`${to}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - (Math.min(7, maxDays) - 1));
    from = start.toISOString().slice(0, 10);
  }
  if (!isRealDay(from)) throw badField('/querystring/from');
  if (from > to) throw badField('/querystring/from');
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  if (days > maxDays) throw new AppError('rangeTooLong', { params: { days: maxDays } });
  const next = new Date(`${to}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return {
    from,
    to,
    tz,
    startIso: new Date(dayStartUtc(from, tz)).toISOString(),
    endIso: new Date(dayStartUtc(next.toISOString().slice(0, 10), tz)).toISOString(),
    days,
  };
}
