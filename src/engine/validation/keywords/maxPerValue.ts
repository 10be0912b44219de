import type { FuncKeywordDefinition } from 'ajv';
import { fieldPointer, keywordError, readField, type CompiledCheck } from './keywordSupport';

export interface MaxPerValueOptions {
  /** Item field whose values are counted, e.g. `type`. */
  field: string;
  /** Most items per value; values not named are unlimited. */
  limits: Record<string, number>;
  /** Catalogue key of the message; `maxPerValue` unless told. */
  message?: string;
}

/**
 * `maxPerValue`: in an array of objects at most `limits[v]` items have `field` equal to `v`
 * (one game area, one background, one share bar per page). The error sits on the first item over.
 */
export const maxPerValue: FuncKeywordDefinition = {
  keyword: 'maxPerValue',
  type: 'array',
  errors: true,
  metaSchema: {
    type: 'object',
    properties: {
      field: { type: 'string', minLength: 1 },
      limits: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
      message: { type: 'string' },
    },
    required: ['field', 'limits'],
    additionalProperties: false,
  },
  compile(options: MaxPerValueOptions) {
    const at = fieldPointer(options.field);
    const check: CompiledCheck = (data, dataCxt) => {
      if (!Array.isArray(data)) return true;
      const counts = new Map<string, number>();
      for (let i = 0; i < data.length; i++) {
        const value = readField(data[i], options.field);
        if (typeof value !== 'string' || !Object.hasOwn(options.limits, value)) continue;
        const count = (counts.get(value) ?? 0) + 1;
        counts.set(value, count);
        const limit = options.limits[value];
        if (count > limit) {
          check.errors = [
            keywordError('maxPerValue', dataCxt, `/${i}${at}`, {
              messageKey: options.message ?? 'maxPerValue',
              limit,
              value,
            }),
          ];
          return false;
        }
      }
      return true;
    };
    return check;
  },
};
