import type { Lang } from './lang';
import { validationMessage } from './localizeErrors';
import { childSchema, derefSchema, type SchemaNode } from './schemaTitlePath';

/** Between the parts of a field label: "Prize 2 › Stock". */
export const FIELD_LABEL_SEPARATOR = ' › ';

export interface FieldLabelOptions {
  /** Names a segment the schema gives no title (a language code under a per-language text). */
  segmentName?(segment: string): string;
}

function decodePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

// The shared generic pieces (`defs.*` keys: "Key-value pair", "Text per language") name a shape,
// not a field: the title the use site gives wins over them.
const isGeneric = (key: string) => key.startsWith('defs.');

function titleOf(root: SchemaNode, node: SchemaNode | undefined): string | undefined {
  if (!node) return undefined;
  const own = typeof node.title === 'string' ? node.title : undefined;
  const shared = derefSchema(root, node).title;
  return own ?? (typeof shared === 'string' ? shared : undefined);
}

/**
 * The name of the field a JSON pointer addresses, from the schema titles (locale keys, looked up
 * with `text` in the entry's strings of `lang`): the field's own title, after the items of lists
 * it sits in ("Prize 2 › Stock", "Link data 1 › Key"); segments without a title (a language code)
 * follow in brackets ("Rules text (en-US)"). '' for the root.
 */
export function fieldLabel(
  schema: SchemaNode,
  pointer: string,
  text: (key: string) => string | undefined,
  lang: Lang,
  options: FieldLabelOptions = {},
): string {
  const items: string[] = [];
  let leaf: string | undefined;
  let leafKey: string | undefined;
  const extras: string[] = [];
  let node: SchemaNode | undefined = schema;
  for (const segment of decodePointer(pointer)) {
    const parent: SchemaNode | undefined = node ? derefSchema(schema, node) : undefined;
    node = parent ? childSchema(schema, parent, segment) : undefined;
    const isItem = /^\d+$/.test(segment) && parent !== undefined && parent.items !== undefined;
    if (isItem) {
      const own = titleOf(schema, node);
      const named = own && !isGeneric(own) ? text(own) : undefined;
      const title = named ?? leaf ?? (own ? text(own) : undefined) ?? '';
      items.push(validationMessage('fieldItem', lang, { title, position: Number(segment) + 1 }).trim());
      leaf = undefined;
      leafKey = undefined;
      extras.length = 0;
      continue;
    }
    const key = titleOf(schema, node);
    const named = key ? text(key) : undefined;
    if (node && named && !(leafKey && isGeneric(key!) && !isGeneric(leafKey))) {
      leaf = named;
      leafKey = key;
      extras.length = 0;
    } else {
      extras.push(options.segmentName?.(segment) ?? segment);
    }
  }
  const last = leaf ?? (extras.length > 0 && items.length === 0 ? extras.shift() : undefined);
  const named = [...items, ...(last ? [last] : [])].join(FIELD_LABEL_SEPARATOR);
  return extras.length > 0 ? `${named} (${extras.join(', ')})` : named;
}
