import type { SchemaObject } from 'ajv';
import { LANGS, type Lang } from '../validation/lang';
import type {
  EntryMeta,
  LocaleStrings,
  Registry,
  RegistryEntry,
  RegistryProblem,
  TemplateEntry,
} from './registryTypes';
import { schemaIdFor } from './schemaIds';

/** A file the loader could not read or parse; reported against its folder. */
export interface FileError {
  path: string;
  message: string;
}

export interface BuildRegistryOptions {
  fileErrors?: readonly FileError[];
  /**
   * The files of the asset folders by path below schemas/ (`_assets/gift.svg`,
   * `gameplays/x/assets/back.svg`). Readers that give them (the server, the CLI) have templates'
   * `/schema-assets/...` addresses checked against them; without them no asset is known.
   */
  assets?: Readonly<Record<string, Uint8Array>>;
}

const KIND_OF_DIR: Record<string, RegistryEntry['kind']> = {
  gameplays: 'gameplay',
  'sub-activities': 'sub-activity',
  entities: 'entity',
  blocks: 'block',
};

const MARK = /^[a-z][a-z0-9-]*$/;

/** `./schemas/gameplays/x/meta.json` -> `gameplays/x/meta.json`. */
export function normalizeSchemaPath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^\/?(?:.*\/)?schemas\//, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isStringMap(value: unknown): value is LocaleStrings {
  return isObject(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** Folder key of a path below schemas/: `gameplays/x`, `_defs`, `_meta`; undefined for stray files. */
function folderOf(path: string): string | undefined {
  const parts = path.split('/');
  if (parts[0] === '_defs' || parts[0] === '_meta') return parts[0];
  if (KIND_OF_DIR[parts[0]] && parts.length >= 3) return `${parts[0]}/${parts[1]}`;
  return undefined;
}

/**
 * Builds the schema registry from a map of file path -> parsed JSON (no I/O: the server and the
 * CLI read schemas/ from disk, tests pass objects). Paths may start with `schemas/`. A broken
 * folder is reported in `problems` by name and left out; the rest still loads.
 */
export function buildRegistry(files: Record<string, unknown>, options: BuildRegistryOptions = {}): Registry {
  const problems: RegistryProblem[] = [];
  const byFolder = new Map<string, Map<string, unknown>>();
  for (const [rawPath, content] of Object.entries(files)) {
    const path = normalizeSchemaPath(rawPath);
    const folder = folderOf(path);
    if (!folder) continue;
    const rest = path.slice(folder.length + 1);
    if (!byFolder.has(folder)) byFolder.set(folder, new Map());
    byFolder.get(folder)!.set(rest, content);
  }
  const brokenFiles = new Map<string, FileError[]>();
  for (const error of options.fileErrors ?? []) {
    const path = normalizeSchemaPath(error.path);
    const folder = folderOf(path) ?? path;
    if (!brokenFiles.has(folder)) brokenFiles.set(folder, []);
    brokenFiles.get(folder)!.push({ path: path.slice(folder.length + 1), message: error.message });
    if (!byFolder.has(folder) && folderOf(path)) byFolder.set(folder, new Map());
  }

  // Shared pieces: schemas/_defs/*.json by $id, shared strings in _defs/locales.
  const defs: SchemaObject[] = [];
  const sharedLocales = { 'zh-CN': {}, 'en-US': {} } as Record<Lang, LocaleStrings>;
  for (const err of brokenFiles.get('_defs') ?? [])
    problems.push({ folder: '_defs', file: err.path || undefined, message: err.message });
  for (const [file, content] of byFolder.get('_defs') ?? []) {
    const localeMatch = /^locales\/([^/]+)\.json$/.exec(file);
    if (localeMatch) {
      const lang = localeMatch[1] as Lang;
      if (!LANGS.includes(lang))
        problems.push({ folder: '_defs', file, message: `unknown language ${lang}` });
      else if (!isStringMap(content))
        problems.push({ folder: '_defs', file, message: 'locale file must map keys to strings' });
      else sharedLocales[lang] = content;
      continue;
    }
    if (!file.endsWith('.json')) continue;
    if (!isObject(content)) {
      problems.push({ folder: '_defs', file, message: 'a shared schema must be a JSON object' });
      continue;
    }
    defs.push({
      ...content,
      $id: typeof content.$id === 'string' ? content.$id : schemaIdFor(`_defs/${file}`),
    });
  }

  const metaSchemas: Record<string, SchemaObject> = {};
  for (const [file, content] of byFolder.get('_meta') ?? []) {
    if (!file.endsWith('.json')) continue;
    if (!isObject(content))
      problems.push({ folder: '_meta', file, message: 'a meta-schema must be a JSON object' });
    else metaSchemas[file.replace(/\.json$/, '').replace(/\.schema$/, '')] = content;
  }

  const entries: RegistryEntry[] = [];
  const templates: TemplateEntry[] = [];
  const folders = [...byFolder.keys()].filter((f) => f !== '_defs' && f !== '_meta').sort();
  for (const folder of folders) {
    const folderProblems: RegistryProblem[] = (brokenFiles.get(folder) ?? []).map((e) => ({
      folder,
      file: e.path || undefined,
      message: e.message,
    }));
    const entry = loadFolder(folder, byFolder.get(folder)!, sharedLocales, folderProblems);
    problems.push(...folderProblems);
    // A folder with an unreadable file is left out as a whole: serving half of it would mislead.
    if (!entry || folderProblems.length > 0) continue;
    entries.push(entry);
    for (const [template, config] of Object.entries(entry.templates)) {
      templates.push({
        kind: 'template',
        mark: `${entry.mark}/${template}`,
        name: `template/${entry.kind}/${entry.mark}/${template}`,
        owner: entry.name,
        template,
        title: `template.${template}`,
        config,
      });
    }
  }
  return {
    entries,
    templates,
    defs,
    metaSchemas,
    sharedLocales,
    problems,
    ...(options.assets ? { assets: options.assets } : {}),
  };
}

function loadFolder(
  folder: string,
  files: Map<string, unknown>,
  sharedLocales: Record<Lang, LocaleStrings>,
  problems: RegistryProblem[],
): RegistryEntry | undefined {
  const [dir, mark] = folder.split('/');
  const kind = KIND_OF_DIR[dir];
  const fail = (message: string, file?: string): undefined => {
    problems.push({ folder, file, message });
    return undefined;
  };
  if (!MARK.test(mark)) return fail(`folder name "${mark}" must be lower-case letters, digits and hyphens`);
  const meta = files.get('meta.json');
  if (meta === undefined) return fail('meta.json is missing', 'meta.json');
  if (!isObject(meta)) return fail('meta.json must be a JSON object', 'meta.json');
  if (meta.mark !== mark)
    return fail(`meta.json mark "${String(meta.mark)}" must equal the folder name "${mark}"`, 'meta.json');
  if (typeof meta.title !== 'string') return fail('meta.json needs a title (a locale key)', 'meta.json');
  const schema = files.get('schema.json');
  if (schema === undefined) return fail('schema.json is missing', 'schema.json');
  if (!isObject(schema)) return fail('schema.json must be a JSON object', 'schema.json');
  const ui = files.get('ui.json') ?? {};
  if (!isObject(ui)) return fail('ui.json must be a JSON object', 'ui.json');

  const locales = {} as Record<Lang, LocaleStrings>;
  for (const lang of LANGS) {
    const own = files.get(`locales/${lang}.json`);
    if (own === undefined) return fail(`locales/${lang}.json is missing`, `locales/${lang}.json`);
    if (!isStringMap(own)) return fail('a locale file must map keys to strings', `locales/${lang}.json`);
    locales[lang] = { ...sharedLocales[lang], ...own };
  }

  const templates: Record<string, unknown> = {};
  for (const [file, content] of files) {
    const m = /^templates\/([^/]+)\.json$/.exec(file);
    if (m) templates[m[1]] = content;
  }
  let defaults: Record<string, unknown> | undefined;
  if (kind === 'block') {
    const given = files.get('defaults.json');
    if (given === undefined)
      return fail('defaults.json is missing (the props of a new block)', 'defaults.json');
    if (!isObject(given)) return fail('defaults.json must be a JSON object', 'defaults.json');
    defaults = given;
  }
  const path = `${folder}/schema.json`;
  return {
    kind,
    mark,
    name: `${kind}/${mark}`,
    folder,
    meta: meta as EntryMeta,
    schema: { ...schema, $id: typeof schema.$id === 'string' ? schema.$id : schemaIdFor(path) },
    ui,
    locales,
    templates,
    ...(defaults ? { defaults } : {}),
  };
}
