import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import { createAjvLocalizer } from '../../engine/validation/createAjvLocalizer';
import { addEngineKeywords, ENGINE_AJV_OPTIONS } from '../../engine/validation/createEngineAjv';
import { dropEmptyPairs } from '../../engine/validation/emptyPairs';
import { localizeErrors, type ValidationIssue } from '../../engine/validation/localizeErrors';
import type { Lang } from '../../engine/validation/lang';
import { mergeIssues, unsafeValueIssues } from '../../engine/validation/unsafeValueIssues';
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Config, JsonSchema } from './schemaEntry';
import type { PrivateCallbacksOption } from '../../engine/validation/keywords/urlRule';
import { privateCallbacksAllowed } from '../forms/consoleSettings';

// The server's ALLOW_PRIVATE_CALLBACKS reaches the `callback` address rule (forms/consoleSettings).
const AJV_OPTIONS: typeof ENGINE_AJV_OPTIONS & PrivateCallbacksOption = {
  ...ENGINE_AJV_OPTIONS,
  privateCallbacks: privateCallbacksAllowed,
};

export type FormLang = Lang;

// One validator per entry schema object and language: a registry reload serves new schema
// objects under the same $id, which must not meet the previous compiled code.
const cache = new WeakMap<JsonSchema, Map<FormLang, ValidatorType>>();

/**
 * RJSF's ajv with the engine's keywords, ajv-errors and localized messages: the same rules and
 * words as the server (docs/schema-engine.md). Used by the forms for schema resolution and by
 * `validateConfig` for the engine's field issues.
 */
export function engineValidator(schema: JsonSchema, lang: FormLang): ValidatorType {
  let byLang = cache.get(schema);
  if (!byLang) cache.set(schema, (byLang = new Map()));
  let validator = byLang.get(lang);
  if (!validator) {
    validator = customizeValidator(
      { ajvOptionsOverrides: AJV_OPTIONS, extenderFn: addEngineKeywords },
      createAjvLocalizer(lang),
    );
    byLang.set(lang, validator);
  }
  return validator;
}

/**
 * Validates a whole config against its entry schema and returns the engine's issues
 * (`{ path, keyword, message }`, paths as JSON pointers like the server's 400 `data.errors`).
 * It runs the validator's own ajv and localizes the raw errors once, exactly as the server does
 * (RJSF's localizer has already rewritten messages that `localizeErrors` reads as keys).
 */
export function validateConfig(schema: JsonSchema, config: Config, lang: FormLang): ValidationIssue[] {
  // ajv sees what JSON would carry: cleared fields hold `undefined` in form state.
  // Key-value rows left entirely empty are dropped on save, not refused (as the server does).
  const data: unknown = dropEmptyPairs(schema, JSON.parse(JSON.stringify(config ?? {})));
  // AJV8Validator keeps its ajv public; the ValidatorType interface does not name it.
  const ajv = (engineValidator(schema, lang) as unknown as { ajv: Ajv }).ajv;
  let validate: ValidateFunction;
  try {
    validate = (typeof schema.$id === 'string' && ajv.getSchema(schema.$id)) || ajv.compile(schema);
  } catch (error) {
    return [{ path: '', keyword: 'schema', message: error instanceof Error ? error.message : String(error) }];
  }
  // The server refuses control characters in every field whatever the schema: say so here first.
  const unsafe = unsafeValueIssues(data, lang);
  if (validate(data)) return unsafe;
  return mergeIssues(unsafe, localizeErrors(validate.errors as ErrorObject[], lang));
}
