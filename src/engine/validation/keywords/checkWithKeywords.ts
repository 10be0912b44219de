import type { AnySchema } from 'ajv';
import { createEngineAjv } from '../createEngineAjv';
import type { Lang } from '../lang';
import { localizeErrors, type ValidationIssue } from '../localizeErrors';

/** Compiles `schema` on a fresh engine ajv and returns the localized issues for `data` (tests, README examples). */
export function checkWithKeywords(schema: AnySchema, data: unknown, lang: Lang = 'zh-CN'): ValidationIssue[] {
  const validate = createEngineAjv().compile(schema);
  validate(data);
  return localizeErrors(validate.errors, lang);
}
