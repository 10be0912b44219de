import type { SchemaObject } from 'ajv';
import type { SchemaResolver } from './schemaResolver';

/**
 * A self-contained copy of an entry schema: every `$ref` to a shared piece of schemas/_defs is
 * copied into the schema's own `$defs` and pointed at locally. RJSF in the web resolves only
 * local refs, so the registry hands it this form; validation uses the schema as written.
 */
export function bundleSchema(schema: SchemaObject, resolver: SchemaResolver): SchemaObject {
  const rootId = String(schema.$id ?? '');
  const extra: Record<string, unknown> = {};
  const keyOf = new Map<string, string>();

  const localKey = (docId: string, pointer: string): string => {
    const id = `${docId}#${pointer}`;
    const known = keyOf.get(id);
    if (known) return known;
    const file = (docId.split('/').pop() ?? 'def').replace(/\.json$/, '');
    const tail = pointer.split('/').filter((s) => s && s !== '$defs' && s !== 'definitions');
    let key = [file, ...tail].join('.');
    while (Object.values(Object.fromEntries(keyOf)).includes(key)) key += '_';
    keyOf.set(id, key);
    return key;
  };

  const rewrite = (node: unknown, base: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => rewrite(n, base));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (k === '$ref' && typeof v === 'string') {
        const hit = resolver.resolve(base, v);
        if (!hit) {
          out[k] = v;
          continue;
        }
        if (hit.docId === rootId) {
          out[k] = `#${hit.pointer}`;
          continue;
        }
        const key = localKey(hit.docId, hit.pointer);
        if (!(key in extra)) {
          extra[key] = {}; // placeholder first: a def may refer to itself
          const { $id: _id, ...body } = hit.schema;
          extra[key] = rewrite(body, hit.docId);
        }
        out[k] = `#/$defs/${key}`;
      } else if (k === '$id' && base !== rootId) {
        continue;
      } else {
        out[k] = rewrite(v, base);
      }
    }
    return out;
  };

  const bundled = rewrite(schema, rootId) as SchemaObject;
  if (Object.keys(extra).length > 0) bundled.$defs = { ...(bundled.$defs as object | undefined), ...extra };
  return bundled;
}
