import type Ajv from 'ajv';
import type { SchemaObject, ValidateFunction } from 'ajv';
import type { SchemaEngine } from '../createSchemaEngine';
import type { RegistryEntry } from '../registry/registryTypes';
import { createSchemaResolver, type SchemaResolver } from '../registry/schemaResolver';
import { readPointer, resolveUri } from '../registry/schemaIds';
import { localizeErrors } from '../validation/localizeErrors';
import { MECHANICS, mechanicOf, type MechanicSpec } from './mechanics';

/** Reports one problem of the folder being checked: a message naming the field, and the file. */
export type PlayProblem = (
  message: string,
  file: 'meta.json' | 'schema.json' | `templates/${string}`,
) => void;

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The `play` checks of `npm run schemas:check` for one folder: a gameplay or sub-activity names
 * `play: { mechanic, renderer }` (an entity names none); the mechanic exists and has that
 * renderer; the folder's schema declares what the mechanic needs with compatible types (and
 * fields built on the shared definitions the mechanic reads); every template satisfies the
 * mechanic's needs.
 */
export function checkPlay(engine: SchemaEngine, entry: RegistryEntry, p: PlayProblem): void {
  const play = entry.meta.play;
  if (entry.kind === 'entity' || entry.kind === 'block') {
    if (play !== undefined)
      p(
        `play: ${entry.kind === 'block' ? 'a page block' : 'an entity'} is not played; only gameplays and sub-activities name play`,
        'meta.json',
      );
    return;
  }
  if (play === undefined) {
    p(
      'play: missing; a gameplay or sub-activity names how it is played, e.g. "play": { "mechanic": "draw", "renderer": "wheel" }',
      'meta.json',
    );
    return;
  }
  // A malformed play is reported by the meta-schema (schemas/_meta/meta.json).
  if (!isNode(play) || typeof play.mechanic !== 'string' || typeof play.renderer !== 'string') return;
  const spec = mechanicOf(play.mechanic);
  if (!spec) {
    p(
      `play.mechanic: unknown mechanic "${play.mechanic}" (known: ${Object.keys(MECHANICS).join(', ')})`,
      'meta.json',
    );
    return;
  }
  if (!spec.renderers.includes(play.renderer))
    p(
      `play.renderer: mechanic "${play.mechanic}" has no renderer "${play.renderer}" (its renderers: ${spec.renderers.join(', ')})`,
      'meta.json',
    );
  checkSchemaSupplies(engine, entry, play.mechanic, spec, p);
  checkTemplates(engine, entry, play.mechanic, spec, p);
}

function checkSchemaSupplies(
  engine: SchemaEngine,
  entry: RegistryEntry,
  mechanic: string,
  spec: MechanicSpec,
  p: PlayProblem,
) {
  const root = engine.formSchema(entry.name);
  const fields = declaredProperties(root, root);
  const needs = spec.needs;
  const needProps = isNode(needs.properties) ? (needs.properties as Record<string, SchemaObject>) : {};
  const says = (field: string, message: string) => p(`${field}: ${message}`, 'schema.json');

  for (const name of (needs.required as string[] | undefined) ?? [])
    if (!fields.has(name)) says(name, `mechanic "${mechanic}" needs this field`);
  for (const group of requiredGroups(needs)) {
    if (!group.some((alternative) => alternative.every((name) => fields.has(name))))
      says(
        group.map((alternative) => alternative.join(' + ')).join(' | '),
        `mechanic "${mechanic}" needs one of these fields`,
      );
  }
  for (const [name, need] of Object.entries(needProps)) {
    const field = fields.get(name);
    if (field) compatible(need, field, root, name, mechanic, says);
  }
  const resolver = resolverOf(engine);
  for (const [name, ref] of Object.entries(spec.builtOn ?? {})) {
    if (!fields.has(name)) continue; // reported above when needed
    const raw = rawProperty(entry.schema, String(entry.schema.$id ?? ''), name, resolver, 0);
    const base = String(entry.schema.$id ?? '');
    const wanted = resolveUri(base, ref);
    if (!raw || typeof raw.schema.$ref !== 'string' || resolveUri(raw.base, raw.schema.$ref) !== wanted)
      says(name, `mechanic "${mechanic}" needs it built on the shared definition ("$ref": "${ref}")`);
  }
}

/** `anyOf: [{ required: [...] }, ...]` of a needs schema: one alternative must be declared. */
function requiredGroups(needs: SchemaObject): string[][][] {
  const groups: string[][][] = [];
  const collect = (anyOf: unknown) => {
    if (!Array.isArray(anyOf)) return;
    const group = anyOf
      .filter(isNode)
      .map((alternative) => (Array.isArray(alternative.required) ? alternative.required.map(String) : []))
      .filter((alternative) => alternative.length > 0);
    if (group.length > 0) groups.push(group);
  };
  collect(needs.anyOf);
  if (Array.isArray(needs.allOf)) for (const member of needs.allOf) if (isNode(member)) collect(member.anyOf);
  return groups;
}

/**
 * A schema node with everything that applies beside it: the targets of its local `$ref`s (a
 * bundled schema has only local ones) and its `allOf` members, each expanded the same way. A
 * value must satisfy every one of them.
 */
function expand(node: Node, root: Node, depth = 0, out: Node[] = []): Node[] {
  if (depth > 20) return out;
  out.push(node);
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
    const target = readPointer(root, node.$ref.slice(1));
    if (isNode(target)) expand(target, root, depth + 1, out);
  }
  if (Array.isArray(node.allOf))
    for (const member of node.allOf) if (isNode(member)) expand(member, root, depth + 1, out);
  return out;
}

/** Properties an object schema declares, over all that applies to it (see `expand`). */
function declaredProperties(node: Node, root: Node): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const n of expand(node, root))
    if (isNode(n.properties))
      for (const [name, sub] of Object.entries(n.properties)) {
        if (!isNode(sub)) continue;
        const known = out.get(name);
        // A field declared twice (e.g. a folder narrowing a shared one) must satisfy both.
        out.set(name, known ? { allOf: [known, sub] } : sub);
      }
  return out;
}

const jsonType = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/** The JSON types a node allows: its `type`, or the types of its `const` / `enum` values. */
function typesOf(node: Node): string[] | undefined {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.map(String);
  if ('const' in node) return [jsonType(node.const)];
  if (Array.isArray(node.enum)) return [...new Set(node.enum.map(jsonType))];
  return undefined;
}

const accepts = (needed: string, declared: string) =>
  needed === declared || (needed === 'number' && declared === 'integer');

const a = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a declared field can give what the mechanic reads: types, nested fields, rule keywords. */
function compatible(
  need: SchemaObject,
  declared: Node,
  root: Node,
  path: string,
  mechanic: string,
  says: (field: string, message: string) => void,
) {
  const nodes = expand(declared, root);
  if (typeof need.type === 'string') {
    const typed = nodes.map(typesOf).filter((t): t is string[] => t !== undefined);
    // Every node applies, so one whose types all fit is enough.
    if (typed.length === 0)
      says(path, `mechanic "${mechanic}" reads ${a(need.type)}; the field declares no type`);
    else if (!typed.some((types) => types.every((t) => accepts(need.type as string, t))))
      says(path, `mechanic "${mechanic}" reads ${a(need.type)}; the field is ${typed[0].join(' or ')}`);
  }
  if (
    need.probabilitySum !== undefined &&
    !nodes.some((n) => sameJson(n.probabilitySum, need.probabilitySum))
  )
    says(
      path,
      `mechanic "${mechanic}" needs the odds rule "probabilitySum": ${JSON.stringify(need.probabilitySum)}`,
    );
  if (Array.isArray(need.required) || isNode(need.properties)) {
    const props = declaredProperties(declared, root);
    for (const name of (need.required as string[] | undefined) ?? [])
      if (!props.has(name)) says(`${path}.${name}`, `mechanic "${mechanic}" needs this field`);
    if (isNode(need.properties))
      for (const [name, sub] of Object.entries(need.properties as Record<string, SchemaObject>)) {
        const field = props.get(name);
        if (field) compatible(sub, field, root, `${path}.${name}`, mechanic, says);
      }
  }
  if (isNode(need.items)) {
    const items = nodes.map((n) => n.items).filter(isNode);
    if (items.length > 0)
      compatible(need.items as SchemaObject, { allOf: items }, root, `${path}[]`, mechanic, says);
    else says(`${path}[]`, `mechanic "${mechanic}" reads items of a declared shape; the field declares none`);
  }
}

/** The property as written (before bundling) and the document it sits in, for its `$ref`. */
function rawProperty(
  node: Node,
  base: string,
  name: string,
  resolver: SchemaResolver,
  depth: number,
): { schema: Node; base: string } | undefined {
  if (depth > 20) return undefined;
  if (isNode(node.properties) && isNode(node.properties[name]))
    return { schema: node.properties[name] as Node, base };
  const members: { node: Node; base: string }[] = [];
  if (typeof node.$ref === 'string') {
    const hit = resolver.resolve(base, node.$ref);
    if (hit) members.push({ node: hit.schema, base: hit.docId });
  }
  if (Array.isArray(node.allOf))
    for (const member of node.allOf) if (isNode(member)) members.push({ node: member, base });
  for (const member of members) {
    const found = rawProperty(member.node, member.base, name, resolver, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const resolvers = new WeakMap<SchemaEngine, SchemaResolver>();

function resolverOf(engine: SchemaEngine): SchemaResolver {
  let resolver = resolvers.get(engine);
  if (!resolver) {
    resolver = createSchemaResolver([
      ...engine.registry.defs,
      ...engine.registry.entries.map((e) => e.schema),
    ]);
    resolvers.set(engine, resolver);
  }
  return resolver;
}

const needValidators = new WeakMap<Ajv, Map<string, ValidateFunction>>();

/** The compiled needs of a mechanic on the engine's ajv (custom keywords such as probabilitySum). */
function needsValidator(ajv: Ajv, mechanic: string, spec: MechanicSpec): ValidateFunction {
  let cache = needValidators.get(ajv);
  if (!cache) needValidators.set(ajv, (cache = new Map()));
  let fn = cache.get(mechanic);
  if (!fn) cache.set(mechanic, (fn = ajv.compile(spec.needs)));
  return fn;
}

/** Every template gives the mechanic what it reads (problems the folder's schema already reports are not repeated). */
function checkTemplates(
  engine: SchemaEngine,
  entry: RegistryEntry,
  mechanic: string,
  spec: MechanicSpec,
  p: PlayProblem,
) {
  const fn = needsValidator(engine.ajv, mechanic, spec);
  for (const [t, config] of Object.entries(entry.templates)) {
    if (fn(config)) continue;
    const said = new Set(
      engine.validate(entry.name, config, 'en-US').errors.map((i) => `${i.path}\u0000${i.keyword}`),
    );
    for (const issue of localizeErrors(fn.errors, 'en-US')) {
      if (said.has(`${issue.path}\u0000${issue.keyword}`)) continue;
      p(
        `${issue.path || '/'}: mechanic "${mechanic}" needs it: ${issue.message} (${issue.keyword})`,
        `templates/${t}.json`,
      );
    }
  }
}
