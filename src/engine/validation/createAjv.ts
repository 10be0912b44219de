import Ajv, { type Options, type KeywordDefinition } from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import addErrors from 'ajv-errors';

export interface CreateAjvOptions {
  /** Extra ajv options (e.g. `coerceTypes` for query strings, `removeAdditional`). */
  ajv?: Options;
  /** Custom keywords to add; defaults to none here, the engine's keyword set is added by callers. */
  keywords?: readonly KeywordDefinition[];
}

const rfc3339 = fullFormats['date-time'] as {
  validate: (text: string) => boolean;
  compare: (a: string, b: string) => number | undefined;
};

/**
 * `date-time`: ajv-formats' RFC 3339 check, narrowed to the times JavaScript's `Date` can read.
 * ajv-formats also takes a leap second (`23:59:60Z`) and an offset without minutes (`+05`), for
 * which `Date.parse` answers NaN, so a time the schema had accepted could not be stored: a whole
 * SDK batch failed with a 500, a campaign's start time was saved empty. Those are now refused as
 * "must be a date-time", like any other bad time, here and in the forms.
 */
export const dateTimeFormat = {
  validate: (text: string): boolean => rfc3339.validate(text) && !Number.isNaN(Date.parse(text)),
  compare: rfc3339.compare,
};

/**
 * The ajv options that decide verdicts, shared by every instance: the server's and the CLI's
 * (createAjv) and the console's forms (RJSF's own ajv, whose defaults differ: no `$data`, no
 * discriminator, a `multipleOf` precision of 8). `$data` lets a limit name another field
 * (`"maximum": { "$data": "3/cycleDays" }`); without it a form could not even compile such a
 * schema.
 */
export const BASE_AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  $data: true,
  discriminator: true,
  multipleOfPrecision: undefined,
} as const satisfies Options;

/**
 * The one ajv 8 factory used by the server, the CLI and (through RJSF's validator) the web:
 * allErrors, ajv-formats, ajv-errors and the project's custom keywords.
 */
export function createAjv(options: CreateAjvOptions = {}): Ajv {
  const ajv = new Ajv({ ...BASE_AJV_OPTIONS, ...options.ajv });
  addFormats(ajv);
  ajv.addFormat('date-time', dateTimeFormat);
  addErrors(ajv, { singleError: false, keepErrors: false });
  for (const keyword of options.keywords ?? []) ajv.addKeyword(keyword);
  return ajv;
}
