/**
 * Project time zones: an IANA name (`Asia/Shanghai`, `America/New_York`: offsets follow
 * the zone's rules, daylight saving included) or a fixed GMT offset (`GMT+08:00`, the form
 * campaigns use). Analytics days are cut at local midnight of the project's zone. Pure: the server,
 * the console and the CLI share it.
 */

/** The zone of a new project created in a zh-CN console (GMT+08:00). */
export const ZH_CN_TIME_ZONE = 'Asia/Shanghai';

const DAY_MS = 86_400_000;
const SLOT_MS = 900_000;
const GMT_OFFSET = /^GMT(?:([+-])(0\d|1[0-4]):([0-5]\d))?$/;

/** Minutes east of GMT of a fixed `GMT+08:00` zone; undefined for anything else. */
export function fixedOffsetMinutes(tz: string): number | undefined {
  const m = GMT_OFFSET.exec(tz);
  if (!m) return undefined;
  if (!m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (minutes > 14 * 60) return undefined;
  return m[1] === '-' ? -minutes : minutes;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(tz: string): Intl.DateTimeFormat | null {
  let f = formatters.get(tz);
  if (f === undefined) {
    try {
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
    } catch {
      f = null;
    }
    // Unknown names are remembered too (bounded: a caller cannot grow the map without limit).
    if (formatters.size < 2000) formatters.set(tz, f);
  }
  return f;
}

/**
 * The stored spelling of a time zone, or undefined when it is neither a known IANA zone nor
 * `GMT±HH:MM` (hours 00..14): IANA names get their canonical case (`asia/shanghai` ->
 * `Asia/Shanghai`), `gmt+8:00` is refused (the offset is written in full).
 */
export function normalizeTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const tz = value.trim();
  if (!tz || tz.length > 64) return undefined;
  if (/^gmt/i.test(tz) && !tz.includes('/')) {
    const upper = tz.toUpperCase();
    return fixedOffsetMinutes(upper) === undefined ? undefined : upper;
  }
  // Only zone-name characters: Intl would also take offsets such as "+08:00" in newer runtimes.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) return undefined;
  const f = formatter(tz);
  return f ? f.resolvedOptions().timeZone : undefined;
}

/** True when `normalizeTimeZone` accepts the value. */
export function isTimeZone(value: unknown): boolean {
  return normalizeTimeZone(value) !== undefined;
}

/** Per zone: its fixed offset (ms), or the offsets found so far per 15-minute slot. */
const zones = new Map<string, { fixed: number } | { slots: Map<number, number> }>();

/**
 * The zone's offset from UTC at an instant, in milliseconds (east positive). Offsets only change on
 * quarter hours, so answers are remembered per zone and 15-minute slot: ingestion asks for every
 * event. An unknown zone counts as UTC.
 */
export function timeZoneOffsetMs(tz: string, instantMs: number): number {
  let zone = zones.get(tz);
  if (!zone) {
    const fixed = tz === 'UTC' ? 0 : fixedOffsetMinutes(tz);
    zone = fixed === undefined ? { slots: new Map() } : { fixed: fixed * 60_000 };
    if (zones.size > 2000) zones.clear();
    zones.set(tz, zone);
  }
  if ('fixed' in zone) return zone.fixed;
  const slot = Math.floor(instantMs / SLOT_MS);
  let offset = zone.slots.get(slot);
  if (offset === undefined) {
    offset = computeOffset(tz, slot * SLOT_MS);
    if (zone.slots.size > 100_000) zone.slots.clear();
    zone.slots.set(slot, offset);
  }
  return offset;
}

function computeOffset(tz: string, instantMs: number): number {
  const f = formatter(tz);
  if (!f) return 0;
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The local day of an instant in the zone, as whole days since 1970-01-01 (the rollups' `day`). */
export function localDayNumber(instantMs: number, tz: string): number {
  return Math.floor((instantMs + timeZoneOffsetMs(tz, instantMs)) / DAY_MS);
}

/** The local day (`YYYY-MM-DD`) of an instant in the zone. */
export function localDate(instantMs: number, tz: string): string {
  return new Date(instantMs + timeZoneOffsetMs(tz, instantMs)).toISOString().slice(0, 10);
}

/** The first instant (ms) of a local day (days since 1970-01-01) in the zone. */
export function localDayStartMs(day: number, tz: string): number {
  const wall = day * DAY_MS;
  // The offset one looks for is the one in force at the answer: two rounds settle it, DST included.
  const guess = wall - timeZoneOffsetMs(tz, wall - timeZoneOffsetMs(tz, wall));
  if (localDayNumber(guess, tz) >= day && localDayNumber(guess - 1, tz) < day) return guess;
  // Midnight does not exist that day (a jump at 00:00): the day starts at the first instant that
  // reads as it, found by halving (offsets stay within -12..+14 hours).
  let lo = wall - 15 * 3_600_000;
  let hi = wall + 13 * 3_600_000;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (localDayNumber(mid, tz) >= day) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** `+08:00` / `-05:00` of an offset in minutes. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** An instant as ISO-8601 local time of the zone with its offset: `2026-03-01T08:30:00+08:00`. */
export function localIsoTime(instantMs: number, tz: string): string {
  const offset = timeZoneOffsetMs(tz, instantMs);
  const wall = new Date(instantMs + offset).toISOString().slice(0, 19);
  return `${wall}${offsetText(Math.round(offset / 60_000))}`;
}

/**
 * The zone a new project gets when the creator names none: GMT+08:00 in a zh-CN console, else the
 * creator's own zone (the browser's; UTC when it is unknown).
 */
export function defaultProjectTimeZone(lang: string, creatorZone?: string): string {
  if (lang === 'zh-CN') return ZH_CN_TIME_ZONE;
  return normalizeTimeZone(creatorZone) ?? 'UTC';
}
