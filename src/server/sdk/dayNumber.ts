const DAY_MS = 86_400_000;

/**
 * Whole UTC days since 1970-01-01 of an instant (ms). Stored days are local days of the project's
 * zone (`localDayNumber` of engine/rules/timeZone); `dayOf`/`dateOf` name day numbers either way.
 */
export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The UTC day number of `YYYY-MM-DD`. */
export function dayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day number. */
export function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
