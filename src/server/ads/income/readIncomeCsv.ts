import { parse } from 'csv-parse/sync';
import { readIncomeInput, type IncomeInput } from './incomeInput';

/** Columns an import file may have (any order); the others are ignored. */
export const IMPORT_COLUMNS = [
  'date',
  'txid',
  'amount',
  'amount_micros',
  'currency',
  'click_id',
  'domain',
  'offer_id',
  'user_id',
  'status',
] as const;
const REQUIRED_COLUMNS = ['date', 'txid', 'amount'] as const;
/** Data lines one file may hold (2 MB is about 20 000 lines of a network's report). */
export const MAX_IMPORT_LINES = 50_000;

/** A refused line: `key`/`params` name a message of locales/*\/validation.json. */
export interface ImportProblem {
  /** The file's line (1 = the header). */
  line: number;
  /** The column ('' for the whole line). */
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

export interface ImportLine {
  line: number;
  /** The local day (YYYY-MM-DD) the transaction is counted on. */
  date: string;
  input: IncomeInput;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

const newlines = (values: string[]) => values.reduce((n, value) => n + (value.split('\n').length - 1), 0);

/**
 * Reads an income file: a header row naming the columns (`date`, `txid`, `amount` required;
 * `currency`, `click_id`, `domain`, `offer_id`, `user_id`, `status`, `amount_micros` optional;
 * case and surrounding spaces ignored, unknown columns ignored), then one transaction per line
 * checked as a postback's parameters, `date` a real YYYY-MM-DD not after `today`. Empty lines
 * are skipped. Answers every line, or every problem found (all lines are checked).
 */
export function readIncomeCsv(
  csv: string,
  today: string,
): { lines: ImportLine[]; problems: ImportProblem[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = Number((error as { lines?: number }).lines) || 1;
    return { lines: [], problems: [{ line, field: '', key: 'invalid' }] };
  }
  if (records.length === 0) return { lines: [], problems: [{ line: 1, field: '', key: 'required' }] };

  const problems: ImportProblem[] = [];
  const header = records[0].record.map((name) => name.toLowerCase());
  const columns = new Map<string, number>();
  header.forEach((name, index) => {
    if (columns.has(name)) problems.push({ line: 1, field: name, key: 'duplicateEntry' });
    else columns.set(name, index);
  });
  for (const name of REQUIRED_COLUMNS)
    if (!columns.has(name)) problems.push({ line: 1, field: name, key: 'required' });
  if (problems.length > 0) return { lines: [], problems };
  if (records.length - 1 > MAX_IMPORT_LINES)
    return {
      lines: [],
      problems: [
        {
          line: records[MAX_IMPORT_LINES + 1].info.lines,
          field: '',
          key: 'maxItems',
          params: { limit: MAX_IMPORT_LINES },
        },
      ],
    };

  const lines: ImportLine[] = [];
  for (const { record, info } of records.slice(1)) {
    const line = info.lines - newlines(record);
    const params: Record<string, string> = {};
    for (const name of IMPORT_COLUMNS) {
      const index = columns.get(name);
      if (index !== undefined) params[name] = record[index] ?? '';
    }
    const date = params.date ?? '';
    if (!date) problems.push({ line, field: 'date', key: 'required' });
    else if (!isRealDay(date)) problems.push({ line, field: 'date', key: 'format.date' });
    else if (date > today) problems.push({ line, field: 'date', key: 'maximum', params: { limit: today } });
    const read = readIncomeInput(params);
    if (read.input) lines.push({ line, date, input: read.input });
    else problems.push(...read.problems.map((p) => ({ line, ...p })));
  }
  return problems.length > 0 ? { lines: [], problems } : { lines, problems };
}
