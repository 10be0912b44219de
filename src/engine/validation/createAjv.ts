import Ajv, { type Options, type KeywordDefinition } from 'ajv';
import addFormats from 'ajv-formats';
import addErrors from 'ajv-errors';

export interface CreateAjvOptions {
  /** Extra ajv options (e.g. `coerceTypes` for query strings, `removeAdditional`). */
  ajv?: Options;
  /** Custom keywords to add; defaults to none here, the engine's keyword set is added by callers. */
  keywords?: readonly KeywordDefinition[];
}

/**
 * The one ajv 8 factory used by the server, the CLI and (through RJSF's validator) the web:
 * allErrors, ajv-formats, ajv-errors and the project's custom keywords.
 */
export function createAjv(options: CreateAjvOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    $data: true,
    discriminator: true,
    ...options.ajv,
  });
  addFormats(ajv);
  addErrors(ajv, { singleError: false, keepErrors: false });
  for (const keyword of options.keywords ?? []) ajv.addKeyword(keyword);
  return ajv;
}
