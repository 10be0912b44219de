import { validationMessage } from '../../engine/validation/localizeErrors';
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
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in milliseconds. */
export function zoneOffsetMs(tz: string, instantMs: number): number {
  if (tz === 'UTC') return 0;
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

function dayStartUtc(day: string, tz: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - zoneOffsetMs(tz, guess);
  const second = guess - zoneOffsetMs(tz, first);
  return second;
}

/** The local day (YYYY-MM-DD) of an instant in the zone. */
export function localDay(instantMs: number, tz: string): string {
  return new Date(instantMs + zoneOffsetMs(tz, instantMs)).toISOString().slice(0, 10);
}

function isRealDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

function badField(path: string) {
  return fieldError((lang) => [{ path, message: validationMessage('invalid', lang) }]);
}

/**
 * Reads `from`, `to` (YYYY-MM-DD) and `tz` of a report query. Without dates: the last 7 days
 * up to today. A range longer than `maxDays` answers 400 `rangeTooLong`.
 */
export function dateRange(
  query: { from?: string; to?: string; tz?: string },
  now: Date,
  maxDays: number,
): DateRange {
  const tz = query.tz?.trim() || 'UTC';
  if (!isTimeZone(tz)) throw badField('/querystring/tz');
  const today = localDay(now.getTime(), tz);
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
