import type { FuncKeywordDefinition } from 'ajv';
import { fieldPointer, keywordError, readField, type CompiledCheck } from './keywordSupport';

export interface MaxEnabledOptions {
  /** Boolean item field, e.g. `enabled` or `isThank`. */
  field: string;
  /** Most items that may have it `true`; 1 unless told. */
  max?: number;
  /** Catalogue key of the message; `maxEnabled` unless told. */
  message?: string;
}

/**
 * `maxEnabled`: in an array of objects at most `max` items have the boolean `field` set
 * (only one super task enabled; one thank-you prize). The error sits on the first item over.
 */
export const maxEnabled: FuncKeywordDefinition = {
  keyword: 'maxEnabled',
  type: 'array',
  errors: true,
  metaSchema: {
    type: 'object',
    properties: {
      field: { type: 'string', minLength: 1 },
      max: { type: 'integer', minimum: 0 },
      message: { type: 'string' },
    },
    required: ['field'],
    additionalProperties: false,
  },
  compile(options: MaxEnabledOptions) {
    const max = options.max ?? 1;
    const at = fieldPointer(options.field);
    const check: CompiledCheck = (data, dataCxt) => {
      if (!Array.isArray(data)) return true;
      let count = 0;
      for (let i = 0; i < data.length; i++) {
        if (readField(data[i], options.field) !== true) continue;
        count += 1;
        if (count > max) {
          check.errors = [
            keywordError('maxEnabled', dataCxt, `/${i}${at}`, {
              messageKey: options.message ?? 'maxEnabled',
              limit: max,
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
