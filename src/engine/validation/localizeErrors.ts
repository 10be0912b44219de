import type { ErrorObject } from 'ajv';
import zhCN from '../../../locales/zh-CN/validation.json';
import enUS from '../../../locales/en-US/validation.json';
import type { Lang } from './lang';

/** One field-addressed, localized validation problem. `path` is a JSON pointer ("/prizes/2/odds"). */
export interface ValidationIssue {
  path: string;
  keyword: string;
  message: string;
}

type Catalogue = Record<string, string>;
const CATALOGUES: Record<Lang, Catalogue> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Replaces `{{name}}` placeholders with values from `params`. */
export function interpolate(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null) return '';
    return Array.isArray(value) ? value.join(', ') : String(value);
  });
}

// The number a message counts, for its plural forms (`minLength_one` / `minLength_other`).
const PLURAL_PARAMS = ['count', 'limit', 'minContains', 'minutes', 'days'] as const;
const pluralRules = new Map<Lang, Intl.PluralRules>();

function templateOf(key: string, lang: Lang, params: Record<string, unknown>): string | undefined {
  const catalogue = CATALOGUES[lang];
  if (catalogue[key] !== undefined) return catalogue[key];
  const count = PLURAL_PARAMS.map((name) => params[name]).find((v) => typeof v === 'number');
  if (typeof count !== 'number') return catalogue[`${key}_other`];
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return catalogue[`${key}_${rules.select(count)}`] ?? catalogue[`${key}_other`];
}

/** Whether one language's validation catalogue has a message (or its plural forms) for a key. */
export function hasValidationMessage(key: string, lang: Lang): boolean {
  return templateOf(key, lang, {}) !== undefined;
}

/**
 * Looks a message up by key in one language's validation catalogue; a key with plural forms
 * (`minLength_one`, `minLength_other`) picks the one its count (`limit`, `count`...) needs:
 * "At least 1 character", "At least 2 characters".
 */
export function validationMessage(key: string, lang: Lang, params: Record<string, unknown> = {}): string {
  const template = templateOf(key, lang, params) ?? CATALOGUES[lang].invalid;
  return interpolate(template, params);
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function pathOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `${error.instancePath}/${escapeSegment(params.additionalProperty)}`;
  }
  if (error.keyword === 'unevaluatedProperties' && typeof params.unevaluatedProperty === 'string') {
    return `${error.instancePath}/${escapeSegment(params.unevaluatedProperty)}`;
  }
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return `${error.instancePath}/${escapeSegment(params.missingProperty)}`;
  }
  if (error.keyword === 'propertyNames' && typeof params.propertyName === 'string') {
    return `${error.instancePath}/${escapeSegment(params.propertyName)}`;
  }
  return error.instancePath;
}

/**
 * Message for one ajv error. A schema may name its own message with ajv-errors'
 * `errorMessage`, either as a catalogue key (`"msg:passwordMismatch"`) or as a
 * `{ "zh-CN": ..., "en-US": ... }` object; otherwise the keyword's catalogue text is used.
 * Raw ajv English never reaches an operator.
 */
function messageOf(error: ErrorObject, lang: Lang): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (error.keyword === 'errorMessage') {
    const raw = error.message ?? '';
    if (raw.startsWith('msg:')) return validationMessage(raw.slice(4), lang, firstParams(params, error));
    try {
      const parsed = JSON.parse(raw) as Partial<Record<Lang, string>>;
      if (parsed && typeof parsed === 'object' && parsed[lang]) return parsed[lang] as string;
    } catch {
      // not JSON: fall through to the catalogue text of the original keyword
    }
    const original = originalOf(error);
    return original ? messageOf(original, lang) : validationMessage('invalid', lang);
  }
  // Custom keywords name their catalogue text in params.messageKey (see validation/keywords).
  if (typeof params.messageKey === 'string') return validationMessage(params.messageKey, lang, params);
  if (error.keyword === 'type' && hasValidationMessage(`type.${String(params.type)}`, lang)) {
    return validationMessage(`type.${String(params.type)}`, lang, params);
  }
  const key = error.keyword === 'format' ? `format.${String(params.format)}` : error.keyword;
  if (!hasValidationMessage(key, lang) && error.keyword === 'format') {
    return validationMessage('format', lang, params);
  }
  return validationMessage(key, lang, params);
}

/**
 * The error an ajv-errors message stands for: the one reported where the message sits (a
 * `contains` over its items' `const` failures), otherwise the first.
 */
function originalOf(error: ErrorObject): ErrorObject | undefined {
  const originals = (error.params as { errors?: ErrorObject[] }).errors ?? [];
  return originals.find((o) => o.instancePath === error.instancePath) ?? originals[0];
}

function firstParams(params: Record<string, unknown>, error?: ErrorObject): Record<string, unknown> {
  const original = error ? originalOf(error) : (params.errors as ErrorObject[] | undefined)?.[0];
  return (original?.params as Record<string, unknown>) ?? {};
}

/** The localized message of one ajv error (what `localizeErrors` would say for it). */
export function localizedMessage(error: ErrorObject, lang: Lang): string {
  return messageOf(error, lang);
}

/**
 * Turns ajv errors into localized, field-addressed issues, one per path and keyword.
 * `if`/`then` wrappers that only announce a failing branch are dropped.
 */
export function localizeErrors(
  errors: readonly ErrorObject[] | null | undefined,
  lang: Lang,
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    if (error.keyword === 'if') continue;
    // Failures inside `propertyNames` are summed up by the propertyNames error itself.
    if ((error as ErrorObject & { propertyName?: string }).propertyName !== undefined) continue;
    // ajv-errors reports on the parent; the wrapped original error knows the exact field.
    const original = error.keyword === 'errorMessage' ? originalOf(error) : undefined;
    const path = pathOf(original ?? error);
    const keyword = error.keyword === 'errorMessage' ? originalKeyword(error) : error.keyword;
    const id = `${path}\u0000${keyword}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ path, keyword, message: messageOf(error, lang) });
  }
  return out;
}

function originalKeyword(error: ErrorObject): string {
  return originalOf(error)?.keyword ?? 'errorMessage';
}
