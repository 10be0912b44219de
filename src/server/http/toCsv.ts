/** A cell value as it may come from a row. */
export type CsvCell = string | number | boolean | null | undefined | Date;

// A cell a spreadsheet would read as a formula (or that starts with a control character some
// spreadsheets strip before reading a formula) gets a leading single quote (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 CSV (CRLF line ends) of a header row and data rows. Text cells starting with
 * = + - @, a tab or a carriage return are prefixed with `'` so no spreadsheet runs them; numbers
 * are written as numbers.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map((cell) => quoted(cellText(cell))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
