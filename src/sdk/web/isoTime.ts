const pad = (n: number) => String(n).padStart(2, '0');

/** `date` as ISO 8601 in the machine's zone with its offset: 2026-03-01T16:00:00.000+08:00. */
export function isoTime(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const abs = Math.abs(offset);
  return (
    new Date(date.getTime() + offset * 60000).toISOString().slice(0, -1) +
    (offset < 0 ? '-' : '+') +
    pad((abs / 60) | 0) +
    ':' +
    pad(abs % 60)
  );
}
