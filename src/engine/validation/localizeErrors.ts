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

/** Looks a message up by key in one language's validation catalogue. */
export function validationMessage(key: string, lang: Lang, params: Record<string, unknown> = {}): string {
  const template = CATALOGUES[lang][key] ?? CATALOGUES[lang].invalid;
  return interpolate(template, params);
}

function pathOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return `${error.instancePath}/${params.missingProperty}`;
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `${error.instancePath}/${params.additionalProperty}`;
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
    if (raw.startsWith('msg:')) return validationMessage(raw.slice(4), lang, firstParams(params));
    try {
      const parsed = JSON.parse(raw) as Partial<Record<Lang, string>>;
      if (parsed && typeof parsed === 'object' && parsed[lang]) return parsed[lang] as string;
    } catch {
      // not JSON: fall through to the catalogue text of the original keyword
    }
    const original = (params.errors as ErrorObject[] | undefined)?.[0];
    return original ? messageOf(original, lang) : validationMessage('invalid', lang);
  }
  const key = error.keyword === 'format' ? `format.${String(params.format)}` : error.keyword;
  const catalogue = CATALOGUES[lang];
  if (catalogue[key] === undefined && error.keyword === 'format') {
    return validationMessage('format', lang, params);
  }
  return validationMessage(key, lang, params);
}

function firstParams(params: Record<string, unknown>): Record<string, unknown> {
  const original = (params.errors as ErrorObject[] | undefined)?.[0];
  return (original?.params as Record<string, unknown>) ?? {};
}

/**
 * Turns ajv errors into localized, field-addressed issues, one per path and keyword.
 * `if`/`then` wrappers that only announce a failing branch are dropped.
 */
export function localizeErrors(errors: readonly ErrorObject[] | null | undefined, lang: Lang): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    if (error.keyword === 'if') continue;
    const path = pathOf(error);
    const keyword = error.keyword === 'errorMessage' ? originalKeyword(error) : error.keyword;
    const id = `${path}\u0000${keyword}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ path, keyword, message: messageOf(error, lang) });
  }
  return out;
}

function originalKeyword(error: ErrorObject): string {
  const original = (error.params as { errors?: ErrorObject[] }).errors?.[0];
  return original?.keyword ?? 'errorMessage';
}
