import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SchemaEngine } from '../../src/engine/createSchemaEngine';
import type { UrlRuleKind } from '../../src/engine/validation/keywords/urlRule';
import { loadRegistry } from '../../src/server/schemas/loadRegistry';

// Every field of every schema folder that carries `urlRule` refuses internal, protocol-relative,
// script and padded addresses at its own path. The fields are found by walking each
// entry's self-contained schema, so a new URL field is covered without editing this file.

type Segment = string | number;
interface UrlField {
  entry: string;
  segments: Segment[];
  pointer: string;
  kind: UrlRuleKind;
}

// Every spelling of an internal host the WHATWG parser reads as one (https, so that the fields
// whose pattern wants https:// leave the refusal to urlRule alone).
const INTERNAL_HOSTS = [
  'localhost',
  '127.0.0.1',
  '10.0.0.8',
  '172.16.3.4',
  '192.168.1.20',
  '169.254.169.254',
  '100.64.0.1',
  '[::1]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '[fe80::1]',
  '[::ffff:127.0.0.1]',
  '2130706433',
  '0177.0.0.1',
  '0x7f.0.0.1',
  '127.1',
];
const INTERNAL = INTERNAL_HOSTS.map((host) => `https://${host}/x`);
const BAD: Record<UrlRuleKind, string[]> = {
  http: [...INTERNAL, '//other.host/x', 'javascript://x', ' https://example.com/x '],
  callback: [...INTERNAL, '//other.host/x', 'javascript://x', ' https://example.com/x '],
  image: [
    '//other.host/a.png',
    'javascript:alert(1)',
    'http://127.0.0.1/a.png',
    'https://169.254.169.254/a.png',
    'https://[::ffff:10.0.0.1]/a.png',
    'https://0x7f.1/a.png',
  ],
  appScheme: ['javascript://x', 'data://x', ' myapp:// ', 'https://127.0.0.1/x'],
  // A list's entries are trimmed (`a; b`), so padding is no mistake there.
  appSchemes: ['javascript://x', 'myapp://;data://x', 'myapp://; JavaScript://x', 'myapp://;https://[::1]/x'],
};
const GOOD: Record<UrlRuleKind, string> = {
  http: 'https://example.com/x',
  callback: 'https://example.com/x',
  image: '/uploads/p/x.png',
  appScheme: 'myapp://open',
  appSchemes: 'myapp://open; other-app://',
};

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (s: Segment) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (segments: Segment[]) => segments.map((s) => `/${escape(s)}`).join('');

/** Resolves a local `#/…` reference of a self-contained schema. */
function resolveLocal(root: Node, ref: string): Node {
  if (!ref.startsWith('#')) throw new Error(`not a local reference: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    node = (node as Node)[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (!isNode(node)) throw new Error(`unresolved reference ${ref}`);
  return node;
}

// A pattern asking for an address (`https?://`, `name://`, `/uploads/`): the field holds one.
const ADDRESS_PATTERN = /:\/\/|\/uploads\//;

/** Whether a schema node's own pattern (or its list entries' pattern) asks for an address. */
function wantsAddress(node: Node): boolean {
  const list = isNode(node.semicolonList) ? node.semicolonList.itemPattern : undefined;
  return [node.pattern, list].some((p) => typeof p === 'string' && ADDRESS_PATTERN.test(p));
}

interface Found {
  fields: Map<string, UrlField>;
  /** Pointers of address-shaped fields without `urlRule`. */
  unruled: Set<string>;
}

/** Every data path below `node` whose schema carries `urlRule` (array items at index 0). */
function urlFields(root: Node, node: Node, segments: Segment[], seen: Set<Node>, out: Found) {
  if (seen.has(node)) return;
  seen = new Set(seen).add(node);
  const pointer = pointerOf(segments);
  if (typeof node.urlRule === 'string') {
    const kind = node.urlRule as UrlRuleKind;
    out.fields.set(`${pointer} ${kind}`, { entry: '', segments, pointer, kind });
  } else if (wantsAddress(node)) {
    out.unruled.add(pointer);
  }
  const here = (child: unknown) => {
    if (isNode(child)) urlFields(root, child, segments, seen, out);
  };
  if (typeof node.$ref === 'string') here(resolveLocal(root, node.$ref));
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach(here);
  }
  for (const key of ['if', 'then', 'else', 'not']) here(node[key]);
  if (isNode(node.dependentSchemas)) Object.values(node.dependentSchemas).forEach(here);
  if (isNode(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      if (isNode(child)) urlFields(root, child, [...segments, name], seen, out);
    }
  }
  if (isNode(node.items)) urlFields(root, node.items, [...segments, 0], seen, out);
  if (Array.isArray(node.prefixItems)) {
    node.prefixItems.forEach((child, i) => {
      if (isNode(child)) urlFields(root, child, [...segments, i], seen, out);
    });
  }
  for (const key of ['additionalProperties', 'unevaluatedProperties']) {
    if (isNode(node[key])) urlFields(root, node[key], [...segments, 'x'], seen, out);
  }
  if (isNode(node.patternProperties)) {
    for (const child of Object.values(node.patternProperties)) {
      if (isNode(child)) urlFields(root, child, [...segments, 'x'], seen, out);
    }
  }
}

/** A copy of `base` holding `value` at `segments`, creating the objects and arrays on the way. */
function withValue(base: unknown, segments: Segment[], value: unknown): unknown {
  const root: unknown = structuredClone(isNode(base) ? base : {});
  let parent = root as Record<Segment, unknown>;
  segments.forEach((segment, i) => {
    if (i === segments.length - 1) {
      parent[segment] = value;
      return;
    }
    const wantArray = typeof segments[i + 1] === 'number';
    const current = parent[segment];
    const fits = wantArray ? Array.isArray(current) : isNode(current);
    if (!fits) parent[segment] = wantArray ? [] : {};
    parent = parent[segment] as Record<Segment, unknown>;
  });
  return root;
}

let engine: SchemaEngine;
const fields: UrlField[] = [];
const unruled: string[] = [];

beforeAll(async () => {
  vi.stubEnv('ALLOW_PRIVATE_CALLBACKS', '');
  engine = await loadRegistry(path.resolve('schemas'));
  expect(engine.problems).toEqual([]);
  for (const entry of engine.list()) {
    const schema = engine.formSchema(entry.name) as Node;
    const found: Found = { fields: new Map(), unruled: new Set() };
    urlFields(schema, schema, [], new Set(), found);
    fields.push(...[...found.fields.values()].map((f) => ({ ...f, entry: entry.name })));
    unruled.push(...[...found.unruled].map((p) => `${entry.name}#${p}`));
  }
});

afterAll(() => {
  vi.unstubAllEnvs();
});

const baseOf = (name: string): unknown => Object.values(engine.get(name)?.templates ?? {})[0] ?? {};

// A page block's props are checked by the schema of its kind (`type`): a field under
// /page/blocks/0/props/<prop> is tried in a block of a kind that has <prop>.
function withBlock(base: unknown, segments: Segment[]): unknown {
  const [page, blocks, index, props, prop] = segments;
  if (page !== 'page' || blocks !== 'blocks' || index !== 0 || props !== 'props') return base;
  const kind = engine
    .list()
    .find(
      (e) =>
        e.kind === 'block' &&
        isNode(e.schema.properties) &&
        typeof prop === 'string' &&
        prop in e.schema.properties,
    );
  if (!kind) return base;
  return { ...(isNode(base) ? base : {}), page: { blocks: [{ id: 'b', type: kind.mark, props: {} }] } };
}

const issuesAt = (field: UrlField, value: string) =>
  engine
    .validate(
      field.entry,
      withValue(withBlock(baseOf(field.entry), field.segments), field.segments, value),
      'en-US',
    )
    .errors.filter((issue) => issue.path === field.pointer);

describe('urlRule fields of every schema folder', () => {
  it('finds the URL fields, the known ones among them', () => {
    const names = fields.map((f) => `${f.entry}#${f.pointer}`);
    // About 120 today (shared prize, delivery, share and hotzone fields in every gameplay).
    expect(fields.length).toBeGreaterThanOrEqual(60);
    for (const known of [
      /#\/prizes\/0\/callbackUrl$/,
      /#\/delivery\/callbackUrl$/,
      /^entity\/link-template#\/callbackUrl$/,
      /^entity\/link-template#\/ios\/appStoreUrl$/,
      /^entity\/link-template#\/ios\/uriScheme$/,
      /^entity\/link#\/redirects\/ios$/,
      /^entity\/link#\/redirects\/default$/,
    ]) {
      expect(
        names.some((n) => known.test(n)),
        `${String(known)} among ${names.join(', ')}`,
      ).toBe(true);
    }
  });

  it('puts urlRule on every field whose pattern asks for an address', () => {
    expect(unruled).toEqual([]);
  });

  it('refuses every bad form at the field and accepts a public one', () => {
    const missed: string[] = [];
    for (const field of fields) {
      for (const bad of BAD[field.kind]) {
        if (issuesAt(field, bad).length === 0)
          missed.push(`${field.entry}#${field.pointer} took ${JSON.stringify(bad)}`);
      }
      const good = issuesAt(field, GOOD[field.kind]);
      if (good.length > 0)
        missed.push(`${field.entry}#${field.pointer} refused ${GOOD[field.kind]}: ${good[0].message}`);
    }
    expect(missed).toEqual([]);
  });
});
