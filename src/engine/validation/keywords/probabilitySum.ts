import type { FuncKeywordDefinition } from 'ajv';
import { hundredths, keywordError, readField, type CompiledCheck } from './keywordSupport';

export interface ProbabilitySumOptions {
  /** Item field holding a percentage, e.g. `odds` or `fragmentOdds`. */
  field: string;
  /** Required total, 100 unless told. */
  total?: number;
  /**
   * Item field flagging the thank-you prize. When a thank-you item leaves its probability empty
   * it takes the remainder, so the others may total less than `total`.
   */
  remainderField?: string;
  /** Catalogue key of the message; `probabilitySum` unless told. */
  message?: string;
}

/**
 * `probabilitySum`: the percentages of an array's items add up to 100% (to two decimals).
 * Used for prize odds and fragment odds.
 */
export const probabilitySum: FuncKeywordDefinition = {
  keyword: 'probabilitySum',
  type: 'array',
  schemaType: 'object',
  errors: true,
  metaSchema: {
    type: 'object',
    properties: {
      field: { type: 'string', minLength: 1 },
      total: { type: 'number', exclusiveMinimum: 0 },
      remainderField: { type: 'string', minLength: 1 },
      message: { type: 'string' },
    },
    required: ['field'],
    additionalProperties: false,
  },
  compile(options: ProbabilitySumOptions) {
    const total = options.total ?? 100;
    const check: CompiledCheck = (data, dataCxt) => {
      if (!Array.isArray(data) || data.length === 0) return true;
      let sum = 0;
      let remainderTaker = false;
      for (const item of data) {
        const value = readField(item, options.field);
        if (typeof value === 'number') sum += hundredths(value);
        else if (options.remainderField && readField(item, options.remainderField) === true)
          remainderTaker = true;
      }
      const ok = remainderTaker ? sum <= hundredths(total) : sum === hundredths(total);
      if (ok) return true;
      check.errors = [
        keywordError('probabilitySum', dataCxt, '', {
          messageKey: options.message ?? (remainderTaker ? 'probabilitySumAtMost' : 'probabilitySum'),
          total,
          sum: sum / 100,
        }),
      ];
      return false;
    };
    return check;
  },
};
