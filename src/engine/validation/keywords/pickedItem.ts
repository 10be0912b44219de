import type { AnySchemaObject, FuncKeywordDefinition, SchemaObjCxt, ValidateFunction } from 'ajv';
import { fieldPointer, keywordError, readField, type CompiledCheck } from './keywordSupport';

export interface PickedItemOptions {
  /** Field naming the chosen item, e.g. `defaultLanguage`. */
  field: string;
  /** Array holding the items, e.g. `languages`. */
  in: string;
  /** Item field compared with `field`, e.g. `language`; without it the items themselves are compared (a list of strings). */
  by?: string;
  /** JSON Schema the chosen item must satisfy (enabled, at least one url...). */
  where?: AnySchemaObject;
  /** Catalogue key when the chosen item fails `where`; `pickedItem` unless told. */
  message?: string;
  /** Catalogue key when no item matches; `pickedItemMissing` unless told. */
  missingMessage?: string;
}

/**
 * `pickedItem`: on an object, the array item that a field points at exists and satisfies a
 * schema (monetisation: the default language is enabled with at least one url; a campaign's
 * default language is one of its languages). The error sits on the pointing field.
 */
export const pickedItem: FuncKeywordDefinition = {
  keyword: 'pickedItem',
  type: 'object',
  schemaType: 'object',
  errors: true,
  metaSchema: {
    type: 'object',
    properties: {
      field: { type: 'string', minLength: 1 },
      in: { type: 'string', minLength: 1 },
      by: { type: 'string', minLength: 1 },
      where: { type: 'object' },
      message: { type: 'string' },
      missingMessage: { type: 'string' },
    },
    required: ['field', 'in'],
    additionalProperties: false,
  },
  compile(options: PickedItemOptions, _parent: AnySchemaObject, it: SchemaObjCxt) {
    const where: ValidateFunction | undefined = options.where ? it.self.compile(options.where) : undefined;
    const at = fieldPointer(options.field);
    const check: CompiledCheck = (data, dataCxt) => {
      const wanted = readField(data, options.field);
      const items = readField(data, options.in);
      if (wanted === undefined || !Array.isArray(items)) return true;
      const by = options.by;
      const item = items.find((i) => (by === undefined ? i : readField(i, by)) === wanted);
      let messageKey: string | undefined;
      if (item === undefined) messageKey = options.missingMessage ?? 'pickedItemMissing';
      else if (where && !where(item)) messageKey = options.message ?? 'pickedItem';
      if (!messageKey) return true;
      check.errors = [keywordError('pickedItem', dataCxt, at, { messageKey, value: wanted })];
      return false;
    };
    return check;
  },
};
