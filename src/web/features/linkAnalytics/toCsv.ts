// Cells a spreadsheet would run as a formula (OWASP CSV injection): prefixed with a quote.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows as CSV text for a spreadsheet: a BOM so Excel reads UTF-8, CRLF line ends, quoted cells
 * where needed and text cells that start like a formula escaped. Numbers stay numbers.
 */
export function toCsv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
