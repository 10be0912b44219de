import type { JsonSchema } from './schemaEntry';

/** Schema keywords holding one sub-schema. */
const SINGLE = ['items', 'additionalProperties', 'propertyNames', 'contains', 'not', 'if', 'then', 'else'];
/** Schema keywords holding a list of sub-schemas. */
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Schema keywords holding a map of sub-schemas. */
const MAPS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'];

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rebuilds a schema tree, mapping every schema node (itself included) with `map` first. */
export function mapSchemaNodes(schema: JsonSchema, map: (node: JsonSchema) => JsonSchema): JsonSchema {
  const node = map(schema);
  const out: JsonSchema = { ...node };
  for (const key of SINGLE) if (isObject(node[key])) out[key] = mapSchemaNodes(node[key] as JsonSchema, map);
  for (const key of LISTS)
    if (Array.isArray(node[key]))
      out[key] = (node[key] as unknown[]).map((s) => (isObject(s) ? mapSchemaNodes(s, map) : s));
  for (const key of MAPS)
    if (isObject(node[key]))
      out[key] = Object.fromEntries(
        Object.entries(node[key] as Record<string, unknown>).map(([k, s]) => [
          k,
          isObject(s) ? mapSchemaNodes(s, map) : s,
        ]),
      );
  return out;
}

/** The local definition a `#/$defs/<name>` ref names, and that name. */
function localDef(root: JsonSchema, ref: string): { name: string; schema: JsonSchema } | undefined {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!match) return undefined;
  const defs = root[match[1]];
  const name = match[2].replace(/~1/g, '/').replace(/~0/g, '~');
  const schema = isObject(defs) ? defs[name] : undefined;
  return isObject(schema) ? { name, schema } : undefined;
}

/** A schema node with its local `$ref` chain merged in (the node's own keywords win). */
export interface ResolvedNode {
  schema: JsonSchema;
  /** `$defs` names along the ref chain, nearest first (`common.imageUrl`, `prize.prizeList`). */
  refs: string[];
}

export function resolveNode(root: JsonSchema, node: JsonSchema): ResolvedNode {
  const refs: string[] = [];
  let merged: JsonSchema = { ...node };
  let ref = merged.$ref;
  // Ref chains in the registry are short; the bound stops a self-referencing definition.
  for (let depth = 0; typeof ref === 'string' && depth < 16; depth++) {
    const def = localDef(root, ref);
    if (!def) break;
    refs.push(def.name);
    const { $ref: _own, ...rest } = merged;
    merged = { ...def.schema, ...rest };
    ref = def.schema.$ref;
    if (typeof ref === 'string') merged.$ref = ref;
    else delete merged.$ref;
  }
  return { schema: merged, refs };
}

/** The JSON type a (resolved) schema declares, guessing `object`/`array` from its keywords. */
export function schemaType(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (isObject(schema.properties)) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/**
 * The top-level properties of an entry schema and which are required, gathered from its own
 * `properties` and those of its `allOf` parts (a gameplay = the shared campaign fields + its own).
 */
export function topLevelProperties(root: JsonSchema): {
  properties: Record<string, JsonSchema>;
  required: string[];
} {
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  const visit = (node: JsonSchema, depth: number) => {
    const { schema } = resolveNode(root, node);
    if (Array.isArray(schema.allOf) && depth < 8)
      for (const part of schema.allOf) if (isObject(part)) visit(part, depth + 1);
    if (isObject(schema.properties))
      for (const [key, value] of Object.entries(schema.properties)) {
        if (!isObject(value)) continue;
        // A property given in several parts: later parts refine earlier ones.
        properties[key] = properties[key] ? { ...properties[key], ...value } : value;
      }
    if (Array.isArray(schema.required)) for (const key of schema.required) required.add(String(key));
  };
  visit(root, 0);
  return { properties, required: [...required] };
}
