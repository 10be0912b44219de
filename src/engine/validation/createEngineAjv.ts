import type Ajv from 'ajv';
import type { Options } from 'ajv';
import type { Vocabulary } from 'ajv';
import unevaluatedModule from 'ajv/dist/vocabularies/unevaluated';
import addErrors from 'ajv-errors';
import { BASE_AJV_OPTIONS, createAjv, dateTimeFormat } from './createAjv';
import { ENGINE_KEYWORDS } from './keywords/engineKeywords';

// A CommonJS module: bundlers hand over its default export, plain Node ESM (tsx) the module object.
const unevaluatedVocabulary: Vocabulary =
  (unevaluatedModule as unknown as { default?: Vocabulary }).default ??
  (unevaluatedModule as unknown as Vocabulary);

/**
 * Adds the engine's custom keywords and `unevaluatedProperties` to an ajv instance created
 * elsewhere (RJSF's `customizeValidator` extender in the web), so every place validates alike.
 * The instance must have been created with `unevaluated: true` (see ENGINE_AJV_OPTIONS).
 */
export function addEngineKeywords(ajv: Ajv): Ajv {
  // errorMessage (ajv-errors) names catalogue texts in the schemas; RJSF's ajv lacks it.
  if (!ajv.getKeyword('errorMessage')) addErrors(ajv, { singleError: false, keepErrors: false });
  for (const keyword of ENGINE_KEYWORDS) {
    if (!ajv.getKeyword(keyword.keyword as string)) ajv.addKeyword(keyword);
  }
  if (!ajv.getKeyword('unevaluatedProperties')) ajv.addVocabulary(unevaluatedVocabulary);
  // RJSF's ajv has ajv-formats' own date-time: the forms refuse the same times as the server.
  ajv.addFormat('date-time', dateTimeFormat);
  return ajv;
}

/**
 * ajv options of every engine instance: createAjv's verdict options (repeated so that an ajv made
 * elsewhere, RJSF's in the console, takes them as overrides) and what the engine needs beyond.
 */
// Shared pieces (the campaign fields, prizes) compile once as functions rather than being copied
// into every gameplay's code: the whole registry compiles about twice as fast, validation speed is
// the same.
export const ENGINE_AJV_OPTIONS: Options = {
  ...BASE_AJV_OPTIONS,
  unevaluated: true,
  inlineRefs: false,
  code: { optimize: false },
};

/**
 * The schema engine's ajv: createAjv (allErrors, formats, ajv-errors) plus every custom keyword
 * of src/engine/validation/keywords and `unevaluatedProperties` (gameplay schemas extend the
 * shared campaign fields with `allOf` and still refuse unknown fields).
 */
export function createEngineAjv(options: { ajv?: Options } = {}): Ajv {
  return addEngineKeywords(createAjv({ ajv: { ...ENGINE_AJV_OPTIONS, ...options.ajv } }));
}
