/** A schema node of a self-contained registry schema. */
export type SchemaNode = Record<string, unknown>;
type Node = SchemaNode;

const isNode = (value: unknown): value is Node =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * A node with its `$ref` followed (registry schemas are self-contained: every $ref points into
 * the root's `$defs`); a title beside the `$ref` wins over the shared piece's own.
 */
export function derefSchema(root: Node, node: Node, depth = 0): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/') || depth > 20) return node;
  const target = (root.$defs as Node | undefined)?.[decodeURIComponent(ref.slice('#/$defs/'.length))];
  if (!isNode(target)) return node;
  // A title beside the $ref names this use of the shared piece.
  const resolved = derefSchema(root, target, depth + 1);
  return node.title ? { ...resolved, title: node.title } : resolved;
}

/** The schema node of one path segment below `node` (properties, items, allOf parts, additionalProperties). */
export function childSchema(root: Node, node: Node, segment: string, depth = 0): Node | undefined {
  const here = derefSchema(root, node);
  const properties = here.properties as Node | undefined;
  if (isNode(properties?.[segment])) return properties[segment] as Node;
  if (/^\d+$/.test(segment) && isNode(here.items)) return here.items;
  if (depth < 10) {
    for (const part of (here.allOf as unknown[] | undefined) ?? []) {
      if (!isNode(part)) continue;
      const found = childSchema(root, part, segment, depth + 1);
      if (found) return found;
    }
  }
  if (isNode(here.additionalProperties)) return here.additionalProperties;
  return undefined;
}

/**
 * The schema titles (locale keys) along a config path, one per segment; array positions give
 * `null` (the caller shows the position) and unknown segments give `undefined`.
 */
export function schemaTitlePath(schema: Node, path: string[]): Array<string | null | undefined> {
  const titles: Array<string | null | undefined> = [];
  let node: Node | undefined = schema;
  for (const segment of path) {
    node = node ? childSchema(schema, node, segment) : undefined;
    if (/^\d+$/.test(segment)) titles.push(null);
    else
      titles.push(
        node
          ? ((node.title as string | undefined) ?? (derefSchema(schema, node).title as string))
          : undefined,
      );
  }
  return titles;
}
