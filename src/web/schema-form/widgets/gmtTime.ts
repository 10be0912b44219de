import dayjs, { type Dayjs } from 'dayjs';
import { gmtOffsetMinutes } from '../../../engine/validation/keywords/timeRange';

export { gmtOffsetMinutes };

/** Offsets in use around the world, in minutes (GMT-12:00 to GMT+14:00). */
const OFFSETS = [
  -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120, 180, 210,
  240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765, 780, 840,
];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `+08:00` for 480. */
export function offsetSuffix(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `GMT+08:00` for 480 (the schema's gmtTimezone form). */
export function gmtLabel(minutes: number): string {
  return `GMT${offsetSuffix(minutes)}`;
}

/** Every timezone the picker offers, as stored values. */
export const timezoneOptions: string[] = OFFSETS.map(gmtLabel);

/** The browser's own offset as a GMT value: the default for a new campaign. */
export function browserTimezone(): string {
  return gmtLabel(-new Date().getTimezoneOffset());
}

/**
 * An instant (ISO string with offset) as the wall-clock time of a GMT offset, returned as a local
 * dayjs whose fields show that wall clock (antd's pickers read local fields).
 */
export function toWallClock(iso: unknown, offsetMinutes: number): Dayjs | null {
  if (typeof iso !== 'string' || !iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const wall = new Date(ms + offsetMinutes * 60_000);
  return dayjs(
    new Date(
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
    ),
  );
}

/** A picked wall-clock time in a GMT offset as the stored ISO string (`2026-12-01T10:00:00+08:00`). */
export function fromWallClock(value: Dayjs, offsetMinutes: number): string {
  return `${value.format('YYYY-MM-DDTHH:mm:ss')}${offsetSuffix(offsetMinutes)}`;
}

/**
 * Past-date check by day: days before today, in the given offset (the campaign's time
 * zone, whatever the browser's is), cannot be picked. `day` is a picker cell: its local fields
 * are the wall clock of that offset (toWallClock).
 */
export function isPastDay(day: Dayjs, offsetMinutes: number, now: Date = new Date()): boolean {
  const today = toWallClock(now.toISOString(), offsetMinutes);
  return today !== null && day.isBefore(today.startOf('day'), 'day');
}
