import type { SchemaObject } from 'ajv';
import type { SchemaEngine } from '../createSchemaEngine';
import { checkPlay } from '../play/checkPlay';
import { checkBlock } from '../page/checkBlock';
import { checkAssets } from './checkAssets';
import { LANGS } from '../validation/lang';
import { localizeErrors } from '../validation/localizeErrors';
import { localizeTemplate, templateTextKeys, valueAtPath } from './localizeTemplate';
import type { RegistryEntry, RegistryProblem } from './registryTypes';

const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'];

/** Collects `title` / `description` strings of a schema tree (they are locale keys). */
function schemaTextKeys(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => schemaTextKeys(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if ((k === 'title' || k === 'description') && typeof v === 'string') out.add(v);
      // Inside `properties` a field may be called "title": look at its schema, not its name.
      else if (k === 'properties' && v && typeof v === 'object')
        Object.values(v).forEach((s) => schemaTextKeys(s, out));
      else if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples' && k !== 'errorMessage')
        schemaTextKeys(v, out);
    }
  }
  return out;
}

function uiTextKeys(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => uiTextKeys(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (UI_TEXT_KEYS.includes(k) && typeof v === 'string') out.add(v);
      else if (k === 'ui:enumNames' && Array.isArray(v))
        v.forEach((s) => typeof s === 'string' && out.add(s));
      else if (k === 'ui:options' && v && typeof v === 'object') uiTextKeys(v, out);
      else if (!k.startsWith('ui:')) uiTextKeys(v, out);
    }
  }
  return out;
}

/** Property names of an object schema (following one level of `items` for arrays); undefined when open. */
function propertyNames(schema: SchemaObject | undefined): Set<string> | undefined {
  if (!schema) return undefined;
  const target =
    schema.type === 'array' && schema.items && typeof schema.items === 'object'
      ? (schema.items as SchemaObject)
      : schema;
  if (!target.properties || typeof target.properties !== 'object') return undefined;
  return new Set(Object.keys(target.properties as object));
}

function checkUi(
  ui: Record<string, unknown>,
  fields: Set<string>,
  where: string,
  problems: string[],
  lookup: (f: string) => SchemaObject | undefined,
) {
  const order = ui['ui:order'];
  if (Array.isArray(order)) {
    for (const f of order)
      if (f !== '*' && !fields.has(String(f)))
        problems.push(`${where}ui:order names unknown field "${String(f)}"`);
  }
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith('ui:')) continue;
    if (key === 'items' && value && typeof value === 'object') continue; // handled by the caller for arrays
    if (!fields.has(key)) {
      problems.push(`${where}names unknown field "${key}"`);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const sub = lookup(key);
    const inner = sub?.type === 'array' ? (value as Record<string, unknown>).items : value;
    const names = propertyNames(sub);
    if (names && inner && typeof inner === 'object') {
      const subSchema = sub?.type === 'array' ? (sub.items as SchemaObject) : sub;
      checkUi(
        inner as Record<string, unknown>,
        names,
        `${where}${key}.`,
        problems,
        (f) => (subSchema?.properties as Record<string, SchemaObject>)[f],
      );
    }
  }
}

/**
 * Every check `npm run schemas:check` runs, pure: folders load and compile, meta and locale
 * files match schemas/_meta, ui schema and steps name only existing fields, steps cover every
 * field, both locales hold every string, every template validates, every gameplay and
 * sub-activity names a known mechanic and renderer (`play`) whose needs its schema and templates
 * supply (src/engine/play/checkPlay.ts), every page block is drawable, binds campaign fields
 * and ships valid defaults (src/engine/page/checkBlock.ts), and the folders' artwork is safe and
 * every `/schema-assets/...` address of a template exists (./checkAssets.ts).
 */
export function checkRegistry(engine: SchemaEngine): RegistryProblem[] {
  const registry = engine.registry;
  const problems: RegistryProblem[] = [];
  engine.compileAll();
  problems.push(...engine.problems);

  const metaSchema = registry.metaSchemas.meta;
  const localeSchema = registry.metaSchemas.locale;
  const uiSchema = registry.metaSchemas.ui;
  if (!metaSchema)
    problems.push({
      folder: '_meta',
      file: 'meta.json',
      message: 'the meta-schema for meta.json is missing',
    });
  const compileMeta = (s: SchemaObject | undefined) => {
    if (!s) return undefined;
    try {
      return engine.ajv.compile({ ...s, $id: undefined });
    } catch (error) {
      problems.push({
        folder: '_meta',
        message: `meta-schema does not compile: ${(error as Error).message}`,
      });
      return undefined;
    }
  };
  const metaValidate = compileMeta(metaSchema);
  const localeValidate = compileMeta(localeSchema);
  const uiValidate = compileMeta(uiSchema);

  // Shared strings: both languages hold the same keys and every title in _defs.
  const sharedKeys = new Set<string>();
  for (const def of registry.defs) schemaTextKeys(def, sharedKeys);
  for (const lang of LANGS) {
    for (const key of sharedKeys) {
      if (registry.sharedLocales[lang][key] === undefined)
        problems.push({ folder: '_defs', file: `locales/${lang}.json`, message: `missing string "${key}"` });
    }
  }
  diffLocales(registry.sharedLocales['zh-CN'], registry.sharedLocales['en-US'], '_defs', problems);

  for (const entry of registry.entries) {
    if (!engine.get(entry.name)) continue; // did not compile: already reported
    const p = (message: string, file?: string) => problems.push({ folder: entry.folder, file, message });
    if (metaValidate && !metaValidate(entry.meta)) {
      for (const issue of localizeErrors(metaValidate.errors, 'en-US'))
        p(`meta ${issue.path || '/'}: ${issue.message}`, 'meta.json');
    }
    if (uiValidate && !uiValidate(entry.ui)) {
      for (const issue of localizeErrors(uiValidate.errors, 'en-US'))
        p(`ui ${issue.path || '/'}: ${issue.message}`, 'ui.json');
    }
    for (const lang of LANGS) {
      if (localeValidate && !localeValidate(entry.locales[lang]))
        p('locale file must map keys to strings', `locales/${lang}.json`);
    }
    checkEntry(engine, entry, p);
    checkPlay(engine, entry, p);
    checkBlock(engine, entry, p);
  }
  problems.push(...checkAssets(registry));
  return problems;
}

function diffLocales(
  zh: Record<string, string>,
  en: Record<string, string>,
  folder: string,
  problems: RegistryProblem[],
) {
  for (const key of Object.keys(zh))
    if (en[key] === undefined)
      problems.push({
        folder,
        file: 'locales/en-US.json',
        message: `missing string "${key}" (present in zh-CN)`,
      });
  for (const key of Object.keys(en))
    if (zh[key] === undefined)
      problems.push({
        folder,
        file: 'locales/zh-CN.json',
        message: `missing string "${key}" (present in en-US)`,
      });
}

function checkEntry(engine: SchemaEngine, entry: RegistryEntry, p: (message: string, file?: string) => void) {
  const { properties } = engine.fields(entry.name);
  const fields = new Set(properties.keys());

  const uiProblems: string[] = [];
  checkUi(entry.ui, fields, '', uiProblems, (f) => properties.get(f));
  for (const message of uiProblems) p(message, 'ui.json');

  const steps = entry.meta.steps ?? [];
  if ((entry.kind === 'gameplay' || entry.kind === 'sub-activity') && steps.length === 0)
    p('a gameplay or sub-activity needs wizard steps', 'meta.json');
  const stepKeys = new Set<string>();
  const placed = new Set<string>();
  for (const step of steps) {
    if (stepKeys.has(step.key)) p(`step key "${step.key}" is used twice`, 'meta.json');
    stepKeys.add(step.key);
    for (const f of step.fields ?? []) {
      if (!fields.has(f)) p(`step "${step.key}" names unknown field "${f}"`, 'meta.json');
      if (placed.has(f)) p(`field "${f}" sits in two steps`, 'meta.json');
      placed.add(f);
    }
  }
  if (steps.length > 0)
    for (const f of fields) if (!placed.has(f)) p(`field "${f}" is in no wizard step`, 'meta.json');

  // Strings: every key used by meta, steps, templates, schema and ui exists in both languages.
  const keys = new Set<string>([entry.meta.title]);
  if (typeof entry.meta.description === 'string') keys.add(entry.meta.description);
  for (const step of steps) keys.add(step.title);
  for (const t of Object.keys(entry.templates)) keys.add(`template.${t}`);
  schemaTextKeys(entry.schema, keys);
  uiTextKeys(entry.ui, keys);
  for (const lang of LANGS) {
    for (const key of keys)
      if (entry.locales[lang][key] === undefined) p(`missing string "${key}"`, `locales/${lang}.json`);
  }
  const zh = entry.locales['zh-CN'];
  const en = entry.locales['en-US'];
  for (const key of Object.keys(zh))
    if (en[key] === undefined) p(`missing string "${key}" (present in zh-CN)`, 'locales/en-US.json');
  for (const key of Object.keys(en))
    if (zh[key] === undefined) p(`missing string "${key}" (present in en-US)`, 'locales/zh-CN.json');

  // Templates: listed in meta, present as files, each a complete valid config.
  const listed = entry.meta.templates ?? [];
  for (const t of listed)
    if (!(t in entry.templates))
      p(`meta lists template "${t}" but templates/${t}.json is missing`, 'meta.json');
  for (const t of Object.keys(entry.templates))
    if (!listed.includes(t)) p(`templates/${t}.json is not listed in meta.templates`, 'meta.json');
  if (
    (entry.kind === 'gameplay' || entry.kind === 'sub-activity') &&
    Object.keys(entry.templates).length === 0
  )
    p('needs at least one template', 'templates/');
  for (const [t, config] of Object.entries(entry.templates)) {
    const result = engine.validate(entry.name, config, 'en-US');
    const said = new Set<string>();
    for (const issue of result.errors) {
      said.add(`${issue.path}\u0000${issue.keyword}`);
      p(`${issue.path || '/'}: ${issue.message} (${issue.keyword})`, `templates/${t}.json`);
    }
    // Single-language texts from the strings (template.<t>.<path>): each names a text of the
    // template, and the template stays valid in every language.
    for (const lang of LANGS) {
      for (const { key, path } of templateTextKeys(t, entry.locales[lang]))
        if (typeof valueAtPath(config, path) !== 'string')
          p(`"${key}" names no text of templates/${t}.json`, `locales/${lang}.json`);
      const localized = engine.validate(
        entry.name,
        localizeTemplate(t, config, entry.locales, lang),
        'en-US',
      );
      for (const issue of localized.errors)
        if (!said.has(`${issue.path}\u0000${issue.keyword}`))
          p(
            `templates/${t}.json in ${lang}: ${issue.path || '/'}: ${issue.message} (${issue.keyword})`,
            `locales/${lang}.json`,
          );
    }
  }
}
