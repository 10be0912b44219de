/** An export range as the API takes it: `YYYY-MM-DD` strings. */
export interface ExportRange {
  start_time?: string | null;
  end_time?: string | null;
}

/** CSV export file name: `start--end.csv` for a full range, `output.csv` otherwise. */
export function csvFileName(range?: ExportRange | null): string {
  const start = range?.start_time?.trim();
  const end = range?.end_time?.trim();
  if (!start || !end) return 'output.csv';
  // File names cannot carry path separators; the API only ever sends dates, but the user types them.
  const safe = (value: string) => value.replace(/[\\/:*?"<>|]/g, '-');
  return `${safe(start)}--${safe(end)}.csv`;
}
