import type { FuncKeywordDefinition } from 'ajv';
import { keywordError, type CompiledCheck } from './keywordSupport';

export interface SemicolonListOptions {
  /** Most entries (whitelist 100 user ids; Android package / SHA256 lists 4). */
  maxCount: number;
  /** Pattern each trimmed entry must match. */
  itemPattern?: string;
  /** Entries must not repeat; true unless told. */
  unique?: boolean;
  /** Catalogue key used when an entry does not match `itemPattern`; `semicolonListItem` unless told. */
  itemMessage?: string;
}

/** Splits `a; b;;c ` into trimmed, non-empty entries. Full-width semicolons count too. */
export function splitSemicolonList(value: string): string[] {
  return value
    .split(/[;；]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * `semicolonList`: a string of entries separated by semicolons, with a maximum count, an optional
 * pattern per entry and no repeats.
 */
export const semicolonList: FuncKeywordDefinition = {
  keyword: 'semicolonList',
  type: 'string',
  schemaType: 'object',
  errors: true,
  metaSchema: {
    type: 'object',
    properties: {
      maxCount: { type: 'integer', minimum: 1 },
      itemPattern: { type: 'string', format: 'regex' },
      unique: { type: 'boolean' },
      itemMessage: { type: 'string' },
    },
    required: ['maxCount'],
    additionalProperties: false,
  },
  compile(options: SemicolonListOptions) {
    const pattern = options.itemPattern ? new RegExp(options.itemPattern, 'u') : undefined;
    const unique = options.unique ?? true;
    const check: CompiledCheck = (data, dataCxt) => {
      if (typeof data !== 'string') return true;
      const items = splitSemicolonList(data);
      let params: Record<string, unknown> | undefined;
      if (items.length > options.maxCount) {
        params = { messageKey: 'semicolonListMax', limit: options.maxCount, count: items.length };
      } else {
        const bad = pattern ? items.find((item) => !pattern.test(item)) : undefined;
        if (bad !== undefined)
          params = { messageKey: options.itemMessage ?? 'semicolonListItem', value: bad };
        else if (unique) {
          const seen = new Set<string>();
          const dup = items.find((item) => (seen.has(item) ? true : (seen.add(item), false)));
          if (dup !== undefined) params = { messageKey: 'semicolonListDuplicate', value: dup };
        }
      }
      if (!params) return true;
      check.errors = [keywordError('semicolonList', dataCxt, '', params)];
      return false;
    };
    return check;
  },
};
