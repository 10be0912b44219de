import type { ErrorObject } from 'ajv';

/** The part of ajv's data context a keyword needs: where its data sits in the document. */
export interface DataValidationCxt {
  instancePath?: string;
}

/** A compiled keyword's validate function with the `errors` slot ajv reads after a failure. */
export interface CompiledCheck {
  (data: unknown, dataCxt?: DataValidationCxt): boolean;
  errors?: Partial<ErrorObject>[];
}

/** Escapes one JSON-pointer segment. */
export function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Reads `a.b.c` from an object; undefined when any step is missing. */
export function readField(data: unknown, dotted: string): unknown {
  let value: unknown = data;
  for (const part of dotted.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** `a.b` -> `/a/b`. */
export function fieldPointer(dotted: string): string {
  return dotted
    .split('.')
    .map((p) => `/${pointerSegment(p)}`)
    .join('');
}

/**
 * Builds an ajv error that addresses a field below the keyword's own data, so the form can show
 * it under the right input. `messageKey` names the catalogue text in locales/x/validation.json.
 */
export function keywordError(
  keyword: string,
  dataCxt: DataValidationCxt | undefined,
  subPath: string,
  params: Record<string, unknown>,
): Partial<ErrorObject> {
  return {
    keyword,
    instancePath: `${dataCxt?.instancePath ?? ''}${subPath}`,
    params,
    message: `${keyword} failed`,
  };
}

/** Number of whole hundredths, so 33.33 + 33.33 + 33.34 compares equal to 100 exactly. */
export function hundredths(value: number): number {
  return Math.round(value * 100);
}

/** Parses an ISO-8601 date-time; NaN when absent or not a string (the `format` keyword reports those). */
export function timeOf(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}
