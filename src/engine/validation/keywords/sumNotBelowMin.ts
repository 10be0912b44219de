import type { FuncKeywordDefinition } from 'ajv';
import { fieldPointer, keywordError, readField, type CompiledCheck } from './keywordSupport';

export interface SumNotBelowMinOptions {
  /** Array whose items' `sumField` values are added up, e.g. `questions`. */
  sumOf: string;
  sumField: string;
  /** Array whose smallest `minField` value the sum must reach, e.g. `prizes`. */
  minOf: string;
  minField: string;
  /** Catalogue key of the message; `sumNotBelowMin` unless told. */
  message?: string;
}

/**
 * `sumNotBelowMin`: on an object, the total of one array's numbers is not below the smallest
 * number of another array (prize quiz: total question score reaches the lowest prize score,
 * otherwise no one could ever win). The error sits on the summed array.
 */
export const sumNotBelowMin: FuncKeywordDefinition = {
  keyword: 'sumNotBelowMin',
  type: 'object',
  schemaType: 'object',
  errors: true,
  metaSchema: {
    type: 'object',
    properties: {
      sumOf: { type: 'string', minLength: 1 },
      sumField: { type: 'string', minLength: 1 },
      minOf: { type: 'string', minLength: 1 },
      minField: { type: 'string', minLength: 1 },
      message: { type: 'string' },
    },
    required: ['sumOf', 'sumField', 'minOf', 'minField'],
    additionalProperties: false,
  },
  compile(options: SumNotBelowMinOptions) {
    const at = fieldPointer(options.sumOf);
    const check: CompiledCheck = (data, dataCxt) => {
      const summed = readField(data, options.sumOf);
      const minned = readField(data, options.minOf);
      if (!Array.isArray(summed) || !Array.isArray(minned)) return true;
      let sum = 0;
      for (const item of summed) {
        const v = readField(item, options.sumField);
        if (typeof v === 'number') sum += v;
      }
      let min = Infinity;
      for (const item of minned) {
        const v = readField(item, options.minField);
        if (typeof v === 'number' && v < min) min = v;
      }
      if (min === Infinity || sum >= min) return true;
      check.errors = [
        keywordError('sumNotBelowMin', dataCxt, at, {
          messageKey: options.message ?? 'sumNotBelowMin',
          sum,
          min,
        }),
      ];
      return false;
    };
    return check;
  },
};
