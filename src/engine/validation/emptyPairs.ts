import { childSchema, derefSchema, type SchemaNode } from './schemaTitlePath';

/** One row of a key-value list (link data, virtual prize keys, event parameters). */
export interface Pair {
  key?: string;
  value?: string;
}

/** A row whose key and value are both empty: nothing was entered, so there is nothing to refuse. */
export function isEmptyPair(row: unknown): boolean {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return false;
  const { key, value, ...rest } = row as Record<string, unknown>;
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  return blank(key) && blank(value) && Object.keys(rest).length === 0;
}

/** The rows of a key-value list without the entirely empty ones. */
export function withoutEmptyPairs<T>(rows: readonly T[]): T[] {
  return rows.filter((row) => !isEmptyPair(row));
}

// A key-value list: an array whose items are objects with `key` and `value` properties.
function isPairList(root: SchemaNode, node: SchemaNode): boolean {
  const items = node.items;
  if (!items || typeof items !== 'object' || Array.isArray(items)) return false;
  const properties = derefSchema(root, items as SchemaNode).properties as SchemaNode | undefined;
  return !!properties && 'key' in properties && 'value' in properties;
}

/**
 * Removes, in place, the entirely empty rows (key and value both empty) of every key-value list
 * of `data`, found through `schema` (a self-contained registry schema, `engine.formSchema`): an
 * operator who added a row and left it blank gets it dropped rather than refused. Returns `data`.
 */
export function dropEmptyPairs<T>(schema: SchemaNode, data: T): T {
  const walk = (node: SchemaNode | undefined, value: unknown, depth: number) => {
    if (!node || depth > 40 || !value || typeof value !== 'object') return;
    const here = derefSchema(schema, node);
    if (Array.isArray(value)) {
      if (isPairList(schema, here)) {
        const kept = withoutEmptyPairs(value);
        if (kept.length !== value.length) value.splice(0, value.length, ...kept);
      }
      value.forEach((item, i) => walk(childSchema(schema, here, String(i)), item, depth + 1));
      return;
    }
    for (const [key, child] of Object.entries(value as Record<string, unknown>))
      walk(childSchema(schema, here, key), child, depth + 1);
  };
  walk(schema, data, 0);
  return data;
}
