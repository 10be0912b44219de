import type { FuncKeywordDefinition } from 'ajv';
import { fieldPointer, keywordError, readField, type CompiledCheck } from './keywordSupport';

export interface IncreasingOptions {
  /** On an object: the fields, in order, whose numbers must strictly increase (stage 1, 2, 3). */
  fields?: string[];
  /** On an array of objects: the item field that must strictly increase from item to item. */
  field?: string;
  /** Catalogue key of the message; `increasing` unless told. */
  message?: string;
}

/**
 * `increasing`: numbers strictly increase, either across named fields of one object
 * (`{"fields": ["stage1", "stage2", "stage3"]}`) or along an array (`{"field": "days"}`, or
 * `true` for an array of numbers). The error sits on the first value not above its predecessor.
 */
export const increasing: FuncKeywordDefinition = {
  keyword: 'increasing',
  type: ['object', 'array'],
  errors: true,
  metaSchema: {
    anyOf: [
      { const: true },
      {
        type: 'object',
        properties: {
          fields: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 2 },
          field: { type: 'string', minLength: 1 },
          message: { type: 'string' },
        },
        additionalProperties: false,
      },
    ],
  },
  compile(schema: true | IncreasingOptions) {
    const options: IncreasingOptions = schema === true ? {} : schema;
    const messageKey = options.message ?? 'increasing';
    const check: CompiledCheck = (data, dataCxt) => {
      const points: { value: unknown; at: string; previous: string }[] = [];
      if (Array.isArray(data)) {
        data.forEach((item, i) => {
          const value = options.field ? readField(item, options.field) : item;
          const at = `/${i}${options.field ? fieldPointer(options.field) : ''}`;
          points.push({ value, at, previous: String(i) });
        });
      } else if (data && typeof data === 'object' && options.fields) {
        for (const f of options.fields)
          points.push({ value: readField(data, f), at: fieldPointer(f), previous: f });
      }
      let last: { value: number; label: string } | undefined;
      for (const p of points) {
        if (typeof p.value !== 'number') continue;
        if (last && !(p.value > last.value)) {
          check.errors = [keywordError('increasing', dataCxt, p.at, { messageKey, previous: last.value })];
          return false;
        }
        last = { value: p.value, label: p.previous };
      }
      return true;
    };
    return check;
  },
};
