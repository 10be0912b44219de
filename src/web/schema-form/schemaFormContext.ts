import type { EnumLabeler } from './autoUi';
import type { FormLang } from './engineValidator';
import type { Config, JsonSchema, UiNode } from './schemaEntry';

/**
 * What SchemaForm hands every widget through RJSF's `formContext` (besides antd's layout
 * options). Functions read refs, so the object stays the same while the data changes and RJSF's
 * memoized fields do not all re-render.
 */
export interface SchemaFormContext {
  descriptionLocation: 'below' | 'tooltip';
  readonlyAsDisabled: boolean;
  /** UI language, also the language of validation messages. */
  lang: FormLang;
  /** Content languages of the config (campaign `languages`), for the per-language text tabs. */
  languages: string[];
  /** GMT timezone of the config (`GMT+08:00`), in which date-times are shown and picked. */
  timezone?: string;
  /** The form's flat schema before translation (title keys kept, `$defs` in place), for nested forms. */
  rootSchema: JsonSchema;
  /** The entry's strings in the UI language. */
  strings: Record<string, string>;
  /** A title key in the UI language (the entry's word, or the key itself). */
  text(key: string): string;
  enumLabel: EnumLabeler;
  /** The whole config as committed so far. */
  getData(): Config;
  /** Sets another field (a time range writes its end and timezone). */
  setValueAt(path: ReadonlyArray<string | number>, value: unknown): void;
}

/** The console's form context from a widget's registry. */
export function formContextOf(registry: { formContext?: unknown }): SchemaFormContext {
  return registry.formContext as SchemaFormContext;
}

export type { UiNode };
