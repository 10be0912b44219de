import type { FuncKeywordDefinition } from 'ajv';
import { refusedCharacter } from '../unsafeValueIssues';
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
      const char = refusedCharacter(data, 'singleLine');
      if (!char) return true;
      const messageKey = refusedCharacter(data, 'text') ? 'controlCharacter' : 'singleLine';
      check.errors = [keywordError('singleLine', dataCxt, '', { messageKey, char })];
      return false;
    };
    return check;
  },
};
