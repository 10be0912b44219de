import type Ajv from 'ajv';
import type { SchemaObject, ValidateFunction } from 'ajv';
import { bundleSchema } from './registry/bundleSchema';
import type { Registry, RegistryEntry, RegistryProblem, TemplateEntry } from './registry/registryTypes';
import {
  collectFields,
  createSchemaResolver,
  type SchemaFields,
  type SchemaResolver,
} from './registry/schemaResolver';
import { createEngineAjv } from './validation/createEngineAjv';
import { pageSchema } from './page/pageSchema';
import { DEFAULT_LANG, normalizeLang, type Lang } from './validation/lang';
import { localizeErrors, type ValidationIssue } from './validation/localizeErrors';
import { mergeIssues, unsafeValueIssues } from './validation/unsafeValueIssues';
import { issuesOfStep } from './wizard/issuesOfStep';
import { wizardSteps, type WizardStepModel } from './wizard/wizardSteps';

/** Result of validating one config. */
export interface ValidationResult {
  valid: boolean;
  errors: ValidationIssue[];
}

/** The schema engine over one registry: listing, validation, wizard steps. */
export interface SchemaEngine {
  readonly registry: Registry;
  /** Registry problems plus folders that failed to compile (those are left out of `list`). */
  readonly problems: RegistryProblem[];
  /** Entries that load and compile (as far as known: call `compileAll` first for certainty). */
  list(): RegistryEntry[];
  templates(): TemplateEntry[];
  /** `gameplay/lucky-wheel` or kind + mark; undefined when unknown or broken. */
  get(nameOrKind: string, mark?: string): RegistryEntry | undefined;
  /** Compiles every entry now (server start, schemas:check, bench); returns the new problems. */
  compileAll(): RegistryProblem[];
  /** Validates a config against an entry; throws UnknownEntryError for an unknown name. */
  validate(name: string, config: unknown, lang?: Lang | string): ValidationResult;
  /** The wizard steps of an entry with the fields each holds. */
  steps(name: string): WizardStepModel[];
  /** Validates a config but keeps only the issues of one step's fields. */
  validateStep(name: string, stepKey: string, config: unknown, lang?: Lang | string): ValidationResult;
  /** Whether the whole config is complete and valid (the wizard may submit). */
  isComplete(name: string, config: unknown): boolean;
  /** Top-level fields of an entry (own and shared), for checks and forms. */
  fields(name: string): SchemaFields;
  /** Self-contained schema for RJSF (shared refs copied in). */
  formSchema(name: string): SchemaObject;
  /** The ajv instance, with the shared defs added (compiling extra schemas, bare validators). */
  readonly ajv: Ajv;
}

/** Thrown for a kind/mark the registry does not hold. */
export class UnknownEntryError extends Error {
  readonly code = 'schema.unknownEntry';
  constructor(readonly entryName: string) {
    super(`unknown schema entry ${entryName}`);
  }
}

export interface CreateSchemaEngineOptions {
  /** Provide an ajv instance (it must carry the engine keywords); a fresh createEngineAjv() otherwise. */
  ajv?: Ajv;
}

/**
 * Creates the engine over a registry. Validators compile on first use and are cached per entry;
 * an entry whose schema does not compile becomes a problem named after its folder and is left out.
 */
export function createSchemaEngine(
  registry: Registry,
  options: CreateSchemaEngineOptions = {},
): SchemaEngine {
  const ajv = options.ajv ?? createEngineAjv();
  const problems: RegistryProblem[] = [...registry.problems];
  for (const def of registry.defs) {
    try {
      ajv.addSchema(def);
    } catch (error) {
      problems.push({ folder: '_defs', file: String(def.$id), message: messageOf(error) });
    }
  }
  const byName = new Map(registry.entries.map((e) => [e.name, e]));
  const validators = new Map<string, ValidateFunction>();
  const broken = new Set<string>();
  // Page blocks first: the page schema every gameplay refers to is made of the blocks that compile,
  // so a broken block folder is reported by name and leaves the gameplays whole.
  const blocks: RegistryEntry[] = [];
  for (const entry of registry.entries) {
    if (entry.kind !== 'block') continue;
    try {
      validators.set(entry.name, ajv.getSchema(String(entry.schema.$id)) ?? ajv.compile(entry.schema));
      blocks.push(entry);
    } catch (error) {
      broken.add(entry.name);
      removeSchema(ajv, String(entry.schema.$id));
      problems.push({
        folder: entry.folder,
        file: 'schema.json',
        message: `does not compile: ${messageOf(error)}`,
      });
    }
  }
  const page = pageSchema(blocks);
  ajv.addSchema(page);
  const resolver: SchemaResolver = createSchemaResolver([
    ...registry.defs,
    page,
    ...registry.entries.filter((e) => !broken.has(e.name)).map((e) => e.schema),
  ]);
  const fieldCache = new Map<string, SchemaFields>();
  const formCache = new Map<string, SchemaObject>();

  const entryOf = (nameOrKind: string, mark?: string): RegistryEntry => {
    const name = mark === undefined ? nameOrKind : `${nameOrKind}/${mark}`;
    const entry = byName.get(name);
    if (!entry || broken.has(name)) throw new UnknownEntryError(name);
    return entry;
  };

  const compile = (entry: RegistryEntry): ValidateFunction | undefined => {
    const cached = validators.get(entry.name);
    if (cached) return cached;
    if (broken.has(entry.name)) return undefined;
    try {
      const fn = ajv.getSchema(String(entry.schema.$id)) ?? ajv.compile(entry.schema);
      validators.set(entry.name, fn);
      return fn;
    } catch (error) {
      broken.add(entry.name);
      removeSchema(ajv, String(entry.schema.$id));
      problems.push({
        folder: entry.folder,
        file: 'schema.json',
        message: `does not compile: ${messageOf(error)}`,
      });
      return undefined;
    }
  };

  const validate = (name: string, config: unknown, lang?: Lang | string): ValidationResult => {
    const entry = entryOf(name);
    const fn = compile(entry);
    if (!fn) throw new UnknownEntryError(name);
    const language = lang === undefined ? DEFAULT_LANG : normalizeLangLoose(lang);
    // Control characters and overflowing numbers are refused in every field, whatever the schema.
    const unsafe = unsafeValueIssues(config, language);
    if (fn(config) && unsafe.length === 0) return { valid: true, errors: [] };
    return { valid: false, errors: mergeIssues(unsafe, localizeErrors(fn.errors, language)) };
  };

  const engine: SchemaEngine = {
    registry,
    ajv,
    get problems() {
      return problems;
    },
    list: () => registry.entries.filter((e) => !broken.has(e.name)),
    templates: () => registry.templates.filter((t) => !broken.has(t.owner)),
    get(nameOrKind, mark) {
      try {
        return entryOf(nameOrKind, mark);
      } catch {
        return undefined;
      }
    },
    compileAll() {
      const before = problems.length;
      for (const entry of registry.entries) compile(entry);
      return problems.slice(before);
    },
    validate,
    steps(name) {
      const steps = wizardSteps(entryOf(name));
      // An entity without steps or ui:order gets one step holding all its fields.
      if (steps.length === 1 && steps[0].fields.length === 0)
        steps[0].fields = [...engine.fields(name).properties.keys()];
      return steps;
    },
    validateStep(name, stepKey, config, lang) {
      const step = engine.steps(name).find((s) => s.key === stepKey);
      if (!step) throw new UnknownEntryError(`${name}#${stepKey}`);
      const errors = issuesOfStep(validate(name, config, lang).errors, step);
      return { valid: errors.length === 0, errors };
    },
    isComplete: (name, config) => validate(name, config).valid,
    fields(name) {
      const entry = entryOf(name);
      let f = fieldCache.get(entry.name);
      if (!f) fieldCache.set(entry.name, (f = collectFields(entry.schema, resolver)));
      return f;
    },
    formSchema(name) {
      const entry = entryOf(name);
      let s = formCache.get(entry.name);
      if (!s) formCache.set(entry.name, (s = bundleSchema(entry.schema, resolver)));
      return s;
    },
  };
  return engine;
}

function normalizeLangLoose(lang: string): Lang {
  return lang === 'zh-CN' || lang === 'en-US' ? lang : normalizeLang(lang);
}

function removeSchema(ajv: Ajv, id: string): void {
  try {
    ajv.removeSchema(id);
  } catch {
    // nothing registered under that id
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
