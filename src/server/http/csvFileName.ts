/** An export is named `start--end.csv` for a range (YYYY-MM-DD), `output.csv` without one. */
export function csvFileName(startTime?: string | null, endTime?: string | null): string {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (startTime && endTime && day.test(startTime) && day.test(endTime)) return `${startTime}--${endTime}.csv`;
  return 'output.csv';
}
