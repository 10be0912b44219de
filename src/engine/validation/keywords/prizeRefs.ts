import type { FuncKeywordDefinition } from 'ajv';
import { keywordError, pointerSegment, type CompiledCheck } from './keywordSupport';

export interface PrizeRefsOptions {
  /** The array of prizes, e.g. `prizes`. */
  list: string;
  /** Field names that name a prize anywhere in the config, e.g. `prizeId`. */
  fields: string[];
}

/**
 * `prizeRefs`: on a config, every field named in `fields` (a day's reward, a ladder step, a task,
 * a dice cell, a rank reward...) names a prize of the config's own prize list, wherever it sits.
 * The error is on each such field: a prize id that gives nothing would otherwise be saved silently.
 */
export const prizeRefs: FuncKeywordDefinition = {
  keyword: 'prizeRefs',
  type: 'object',
  schemaType: 'object',
  errors: true,
  metaSchema: {
    type: 'object',
    properties: {
      list: { type: 'string', minLength: 1 },
      fields: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    },
    required: ['list', 'fields'],
    additionalProperties: false,
  },
  compile(options: PrizeRefsOptions) {
    const fields = new Set(options.fields);
    const check: CompiledCheck = (data, dataCxt) => {
      const root = data as Record<string, unknown>;
      const list = root[options.list];
      // Without a prize list the list's own rules speak.
      if (!Array.isArray(list)) return true;
      const ids = new Set(
        list
          .map((p) => (p && typeof p === 'object' ? (p as Record<string, unknown>).id : undefined))
          .filter((id): id is string => typeof id === 'string'),
      );
      const errors: ReturnType<typeof keywordError>[] = [];
      const visit = (key: string, inner: unknown, at: string) => {
        if (fields.has(key) && typeof inner === 'string' && inner !== '' && !ids.has(inner))
          errors.push(
            keywordError('prizeRefs', dataCxt, at, { messageKey: 'prizeRefMissing', value: inner }),
          );
        else walk(inner, at);
      };
      const walk = (value: unknown, path: string) => {
        if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}/${i}`));
        else if (value && typeof value === 'object')
          for (const [key, inner] of Object.entries(value as Record<string, unknown>))
            visit(key, inner, `${path}/${pointerSegment(key)}`);
      };
      for (const [key, value] of Object.entries(root))
        if (key !== options.list) visit(key, value, `/${pointerSegment(key)}`);
      if (errors.length === 0) return true;
      check.errors = errors;
      return false;
    };
    return check;
  },
};
