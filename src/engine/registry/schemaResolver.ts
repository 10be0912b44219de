import type { SchemaObject } from 'ajv';
import { readPointer, resolveUri } from './schemaIds';

/** Finds schemas by `$id` (with `#/pointer` fragments) among an entry's schema and the shared defs. */
export interface SchemaResolver {
  /** The subschema `ref` points at from a document with id `base`, with the target's document id. */
  resolve(base: string, ref: string): { schema: SchemaObject; docId: string; pointer: string } | undefined;
}

export function createSchemaResolver(documents: readonly SchemaObject[]): SchemaResolver {
  const byId = new Map<string, SchemaObject>();
  for (const doc of documents) if (typeof doc.$id === 'string') byId.set(doc.$id, doc);
  return {
    resolve(base, ref) {
      const absolute = resolveUri(base, ref);
      const [docId, fragment = ''] = absolute.split('#', 2) as [string, string | undefined];
      const doc = byId.get(docId);
      if (!doc) return undefined;
      const target = readPointer(doc, fragment);
      if (!target || typeof target !== 'object') return undefined;
      return { schema: target as SchemaObject, docId, pointer: fragment };
    },
  };
}

/** Top-level fields of an object schema: its `properties` and those of `allOf` members and `$ref`s. */
export interface SchemaFields {
  properties: Map<string, SchemaObject>;
  required: Set<string>;
}

/** Collects the fields a config may hold, following `$ref` and `allOf` (the shared campaign fields). */
export function collectFields(
  schema: SchemaObject,
  resolver: SchemaResolver,
  base = String(schema.$id ?? ''),
): SchemaFields {
  const out: SchemaFields = { properties: new Map(), required: new Set() };
  const visit = (node: SchemaObject, docBase: string, depth: number) => {
    if (depth > 20) return;
    if (typeof node.$ref === 'string') {
      const hit = resolver.resolve(docBase, node.$ref);
      if (hit) visit(hit.schema, hit.docId, depth + 1);
    }
    if (node.properties && typeof node.properties === 'object') {
      for (const [name, sub] of Object.entries(node.properties as Record<string, SchemaObject>)) {
        if (!out.properties.has(name)) out.properties.set(name, resolveShallow(sub, docBase, resolver));
      }
    }
    if (Array.isArray(node.required)) for (const r of node.required) out.required.add(String(r));
    if (Array.isArray(node.allOf))
      for (const member of node.allOf as SchemaObject[]) visit(member, docBase, depth + 1);
  };
  visit(schema, base, 0);
  return out;
}

function resolveShallow(node: SchemaObject, base: string, resolver: SchemaResolver): SchemaObject {
  let current = node;
  let currentBase = base;
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const hit = resolver.resolve(currentBase, current.$ref);
    if (!hit) break;
    current = { ...hit.schema, ...withoutRef(current) };
    currentBase = hit.docId;
  }
  return current;
}

function withoutRef(node: SchemaObject): SchemaObject {
  const { $ref: _ref, ...rest } = node;
  return rest;
}
