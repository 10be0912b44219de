import type { FuncKeywordDefinition } from 'ajv';
import { keywordError, type CompiledCheck } from './keywordSupport';

/**
 * `maxDecimals`: a number has at most N digits after the decimal point (odds to two decimals,
 * energy to four). JSON Schema's `multipleOf` trips over binary fractions (0.07 / 0.01), this
 * does not.
 */
export const maxDecimals: FuncKeywordDefinition = {
  keyword: 'maxDecimals',
  type: 'number',
  schemaType: 'number',
  errors: true,
  metaSchema: { type: 'integer', minimum: 0, maximum: 12 },
  compile(places: number) {
    const factor = 10 ** places;
    const check: CompiledCheck = (data, dataCxt) => {
      if (typeof data !== 'number') return true;
      const scaled = data * factor;
      if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled))) return true;
      check.errors = [keywordError('maxDecimals', dataCxt, '', { messageKey: 'maxDecimals', limit: places })];
      return false;
    };
    return check;
  },
};
