import type { FuncKeywordDefinition } from 'ajv';
import { singleLineProblem } from '../unsafeValueIssues';
import { keywordError, type CompiledCheck } from './keywordSupport';

/**
 * `singleLine: true`: a name, title, key or id is one line, so line breaks and tabs are refused
 * along with the control characters every text refuses (see unsafeValueIssues).
 */
export const singleLine: FuncKeywordDefinition = {
  keyword: 'singleLine',
  type: 'string',
  schemaType: 'boolean',
  errors: true,
  compile(enabled: boolean) {
    const check: CompiledCheck = (data, dataCxt) => {
      if (!enabled || typeof data !== 'string') return true;
      const problem = singleLineProblem(data);
      if (!problem) return true;
      check.errors = [keywordError('singleLine', dataCxt, '', problem)];
      return false;
    };
    return check;
  },
};
