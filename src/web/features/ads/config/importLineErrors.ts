import { RequestError } from '../../../api/RequestError';

/** One refused line of a CSV income import (`data.errors` of 400 `ads.importInvalid`). */
export interface ImportLineError {
  /** 1-based line of the file, the header being line 1; null when the error is the file's. */
  line: number | null;
  /** The column, '' for the whole line. */
  field: string;
  message: string;
}

const LINE_PATH = /^\/(?:lines\/)?(\d+)(?:\/([^/]+))?$/;

/**
 * The per-line errors of a refused import, in line order: read from `{ line, field, message }`
 * entries, or from `{ path: '/<line>/<field>', message }` ones should the server report pointers.
 * Empty when the failure is not a per-line refusal (then its message says what went wrong).
 */
export function importLineErrors(error: unknown): ImportLineError[] {
  if (!(error instanceof RequestError)) return [];
  const lines = (error.errors as unknown[]).flatMap((item): ImportLineError[] => {
    if (typeof item !== 'object' || item === null) return [];
    const entry = item as Record<string, unknown>;
    const message = typeof entry.message === 'string' ? entry.message : '';
    if (typeof entry.line === 'number')
      return [{ line: entry.line, field: typeof entry.field === 'string' ? entry.field : '', message }];
    const match = typeof entry.path === 'string' ? LINE_PATH.exec(entry.path) : null;
    if (match) return [{ line: Number(match[1]), field: match[2] ?? '', message }];
    return typeof entry.path === 'string' || message ? [{ line: null, field: '', message }] : [];
  });
  return lines.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
