import { offsetText, timeZoneOffsetMs } from '../rules/timeZone';

/** An ISO-8601 date-time with an explicit offset, as template files write them. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

function offsetMinutes(suffix: string): number {
  if (suffix === 'Z') return 0;
  const sign = suffix.startsWith('-') ? -1 : 1;
  return sign * (Number(suffix.slice(1, 3)) * 60 + Number(suffix.slice(4, 6)));
}

/** The calendar day (days since 1970-01-01) of an instant in a fixed offset. */
function dayNumber(ms: number, offset: number): number {
  return Math.floor((ms + offset * 60_000) / DAY_MS);
}

function collect(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    if (DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, out);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collect(item, out);
  }
}

/** Moves one date-time by whole days, keeping its wall-clock time and its own offset notation. */
function moveByDays(iso: string, days: number): string {
  const match = DATE_TIME.exec(iso)!;
  const [, y, mo, d, h, mi, s, fraction = '', suffix] = match;
  const wall = new Date(
    Date.UTC(Number(y), Number(mo) - 1, Number(d) + days, Number(h), Number(mi), Number(s)),
  );
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${h}:${mi}:${s}${fraction}${suffix}`
  );
}

/** A copy of a value with every date-time in it passed through `change`. */
function mapDateTimes(value: unknown, change: (iso: string) => string): unknown {
  if (typeof value === 'string')
    return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? change(value) : value;
  if (Array.isArray(value)) return value.map((item) => mapDateTimes(item, change));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapDateTimes(item, change)]));
  }
  return value;
}

/**
 * A template's dates made relative to today: template files hold an example period (e.g.
 * 2026-12-01 to 2026-12-31), which would leave a campaign made from them waiting for weeks or
 * already ended. The earliest date-time of the template is moved to today (the calendar day of
 * `now` in that date's own offset, i.e. the template's time zone), and every other date-time of
 * the template by the same number of days, so durations, draw times and times of day stay as the
 * file has them. Values without date-times come back unchanged (a copy).
 */
export function shiftTemplateDates<T>(config: T, now: Date): T {
  const dates: string[] = [];
  collect(config, dates);
  if (dates.length === 0) return config;
  const earliest = dates.reduce((a, b) => (Date.parse(b) < Date.parse(a) ? b : a));
  const offset = offsetMinutes(DATE_TIME.exec(earliest)![8]);
  const days = dayNumber(now.getTime(), offset) - dayNumber(Date.parse(earliest), offset);
  return days === 0 ? config : (mapDateTimes(config, (iso) => moveByDays(iso, days)) as T);
}

/**
 * A template's config in a project's time zone, as a new campaign starts from it: the config's
 * `timezone` becomes the zone's GMT offset in force at `now` (campaigns keep a fixed offset), every
 * date-time keeps its wall-clock time and takes that offset (a template's 00:00 start stays 00:00),
 * then the dates move so that the earliest is today there (shiftTemplateDates). A config without a
 * `timezone` text is returned unchanged.
 */
export function templateInZone<T>(config: T, zone: string, now: Date): T {
  if (!config || typeof config !== 'object' || Array.isArray(config)) return config;
  if (typeof (config as Record<string, unknown>).timezone !== 'string') return config;
  const timezone = campaignZoneOf(zone, now);
  const suffix = timezone.slice('GMT'.length);
  const rezoned = mapDateTimes(config, (iso) => iso.replace(/(Z|[+-]\d{2}:\d{2})$/, suffix)) as Record<
    string,
    unknown
  >;
  rezoned.timezone = timezone;
  return shiftTemplateDates(rezoned as T, now);
}

/** The campaign time zone (`GMT+08:00`) a project's zone has at an instant. */
export function campaignZoneOf(zone: string, now: Date): string {
  return `GMT${offsetText(Math.round(timeZoneOffsetMs(zone, now.getTime()) / 60_000))}`;
}
