import type { ValidationIssue } from '../../engine/validation/localizeErrors';

export type { ValidationIssue };

/** A JSON Schema node as the registry serves it (custom keywords included). */
export type JsonSchema = Record<string, unknown>;

/** A uiSchema node (RJSF), possibly nested. */
export type UiNode = Record<string, unknown>;

export type EntryKind = 'gameplay' | 'sub-activity' | 'entity' | 'block';

/** One entry of `GET /api/schemas` / `GET /api/schemas/:kind/:mark` (docs/schema-engine.md). */
export interface SchemaEntry {
  kind: EntryKind;
  mark: string;
  /** `kind/mark`. */
  name: string;
  meta: {
    title?: string;
    description?: string;
    goals?: string[];
    steps?: WizardStep[];
    templates?: string[];
    [key: string]: unknown;
  };
  /** Self-contained schema (shared pieces copied into `$defs`), `$id` set. */
  schema: JsonSchema;
  ui: UiNode;
  steps: WizardStep[];
  /** Strings per language (`zh-CN`, `en-US`); every title in schema, ui, meta and steps is a key. */
  locales: Record<string, Record<string, string>>;
  templates: Array<{ name: string; title: string; config: unknown }>;
  /** A page block's props when an operator adds one (blocks only). */
  defaults?: Record<string, unknown>;
}

/** A wizard step of an entry: a locale key for its title and the top-level fields it holds. */
export interface WizardStep {
  key: string;
  title: string;
  fields: string[];
}

/** A config being edited: a JSON object. */
export type Config = Record<string, unknown>;

/** A key of an entry's own strings in a language (`zh-CN` / `en-US`), else zh-CN, else the key. */
export function entryText(entry: SchemaEntry | undefined, key: string | undefined, lang: string): string {
  if (!entry || !key) return key ?? '';
  return entry.locales[lang]?.[key] ?? entry.locales['zh-CN']?.[key] ?? key;
}
