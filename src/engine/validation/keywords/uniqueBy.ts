import type { FuncKeywordDefinition } from 'ajv';
import { fieldPointer, keywordError, readField, type CompiledCheck } from './keywordSupport';

export interface UniqueByOptions {
  /** Item fields that together must be unique (dotted paths allowed). */
  fields: string[];
  /** Catalogue key of the message, e.g. `duplicateKey`, `duplicateTag`; `uniqueBy` unless told. */
  message?: string;
}

function normalize(schema: string | string[] | UniqueByOptions): UniqueByOptions {
  if (typeof schema === 'string') return { fields: [schema] };
  if (Array.isArray(schema)) return { fields: schema };
  return schema;
}

/**
 * `uniqueBy`: no two items of an array of objects share the same value(s) in the named field(s):
 * duplicate key-value keys, tags, form items, sign-in days, score lines per prize. The error sits
 * on the later duplicate's (last named) field.
 */
export const uniqueBy: FuncKeywordDefinition = {
  keyword: 'uniqueBy',
  type: 'array',
  errors: true,
  metaSchema: {
    anyOf: [
      { type: 'string', minLength: 1 },
      { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
      {
        type: 'object',
        properties: {
          fields: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
          message: { type: 'string' },
        },
        required: ['fields'],
        additionalProperties: false,
      },
    ],
  },
  compile(schema: string | string[] | UniqueByOptions) {
    const { fields, message } = normalize(schema);
    const at = fieldPointer(fields[fields.length - 1]);
    const check: CompiledCheck = (data, dataCxt) => {
      if (!Array.isArray(data)) return true;
      const seen = new Map<string, number>();
      const errors = [];
      for (let i = 0; i < data.length; i++) {
        const values = fields.map((f) => readField(data[i], f));
        // Items still missing a field are left to `required`.
        if (values.some((v) => v === undefined || v === null || v === '')) continue;
        const id = JSON.stringify(values.map((v) => (typeof v === 'string' ? v.trim() : v)));
        const first = seen.get(id);
        if (first === undefined) {
          seen.set(id, i);
          continue;
        }
        errors.push(
          keywordError('uniqueBy', dataCxt, `/${i}${at}`, {
            messageKey: message ?? 'uniqueBy',
            // The last field is the one that clashes (score 100 of prize gold); all of them in `values`.
            value: values[values.length - 1],
            values: values.join(' / '),
            index: i + 1,
            firstIndex: first + 1,
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
