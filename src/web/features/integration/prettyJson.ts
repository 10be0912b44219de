/**
 * Text of a logged body or value for display: JSON is indented, anything else shown as it is
 * ("" for nothing). Truncated bodies are not valid JSON and stay untouched.
 */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** One line of a value for a table cell (JSON compacted, long text cut by the cell's ellipsis). */
export function oneLine(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  return typeof value === 'string' ? value.replace(/\s+/g, ' ') : JSON.stringify(value);
}
