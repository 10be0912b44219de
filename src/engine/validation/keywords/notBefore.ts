import type { FuncKeywordDefinition } from 'ajv';
import { fieldPointer, keywordError, readField, timeOf, type CompiledCheck } from './keywordSupport';

export interface NotBeforeRule {
  /** The later time, e.g. `offlineTime` or `endTime`. */
  field: string;
  /** The time it must not precede, e.g. `onlineTime` or `drawTime`. */
  other: string;
  /** `true`: `field` must be strictly after `other` (draw strictly before end). */
  strict?: boolean;
  /** Which of the two fields carries the error; `field` unless told. */
  at?: 'field' | 'other';
  /** Catalogue key of the message; `notBefore` unless told. */
  message?: string;
}

const ruleSchema = {
  type: 'object',
  properties: {
    field: { type: 'string', minLength: 1 },
    other: { type: 'string', minLength: 1 },
    strict: { type: 'boolean' },
    at: { enum: ['field', 'other'] },
    message: { type: 'string' },
  },
  required: ['field', 'other'],
  additionalProperties: false,
};

/**
 * `notBefore`: on an object, one date-time is not earlier than another (offline not before
 * online; activity end after the draw time). Takes one rule or a list of rules.
 */
export const notBefore: FuncKeywordDefinition = {
  keyword: 'notBefore',
  type: 'object',
  errors: true,
  metaSchema: { anyOf: [ruleSchema, { type: 'array', items: ruleSchema, minItems: 1 }] },
  compile(schema: NotBeforeRule | NotBeforeRule[]) {
    const rules = Array.isArray(schema) ? schema : [schema];
    const check: CompiledCheck = (data, dataCxt) => {
      const errors = [];
      for (const rule of rules) {
        const later = timeOf(readField(data, rule.field));
        const earlier = timeOf(readField(data, rule.other));
        if (Number.isNaN(later) || Number.isNaN(earlier)) continue;
        if (rule.strict ? later > earlier : later >= earlier) continue;
        const at = fieldPointer(rule.at === 'other' ? rule.other : rule.field);
        errors.push(
          keywordError('notBefore', dataCxt, at, {
            messageKey: rule.message ?? (rule.strict ? 'notBeforeStrict' : 'notBefore'),
            field: rule.field,
            other: rule.other,
          }),
        );
      }
      if (errors.length === 0) return true;
      check.errors = errors;
      return false;
    };
    return check;
  },
};
