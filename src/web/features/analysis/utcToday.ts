import dayjs, { type Dayjs } from 'dayjs';

/**
 * Today's UTC date as a (local-midnight) dayjs: analysis counts UTC days, so presets are counted
 * back from the UTC day, not the browser's.
 */
export function utcToday(now: Date = new Date()): Dayjs {
  return dayjs(now.toISOString().slice(0, 10));
}
