import { csvFileName } from '../../api/csvFileName';
import { saveBlob } from '../../api/saveBlob';
import type { DateRange } from './dateRangePresets';
import { toCsv } from './toCsv';

/** Saves report rows shown on screen as `from--to.csv` (the name every export of a range has). */
export function exportCsv(
  range: DateRange,
  header: string[],
  rows: Array<Array<string | number | null | undefined>>,
): void {
  const blob = new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, csvFileName({ start_time: range.from, end_time: range.to }));
}
