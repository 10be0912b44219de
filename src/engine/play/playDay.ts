import { localDate } from '../rules/timeZone';

/**
 * The local day (`YYYY-MM-DD`) of an instant in a campaign's time zone (`GMT+08:00` or an IANA
 * name): daily chances and daily limits are counted per this day, so they reset at the
 * campaign's midnight, not the server's.
 */
export function playDay(instantMs: number, timezone: string): string {
  return localDate(instantMs, timezone);
}
