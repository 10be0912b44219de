import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';

/** The campaign fields some kind of block binds (meta.json `block.bind`): the page editor edits them. */
export function boundFieldsOf(blockEntries: readonly SchemaEntry[]): string[] {
  const fields = new Set<string>();
  for (const entry of blockEntries) {
    const bind = (entry.meta.block as { bind?: Record<string, string> } | undefined)?.bind ?? {};
    for (const field of Object.values(bind)) fields.add(field);
  }
  return [...fields];
}

/** The fields the page editor owns in a step holding `page`: the page and what its blocks bind. */
export function editorFieldsOf(blockEntries: readonly SchemaEntry[]): Set<string> {
  return new Set(['page', ...boundFieldsOf(blockEntries)]);
}

/** `base` with the editor's fields taken from `edited` (absent there: absent in the result). */
export function withEditorFields(base: Config, edited: Config, fields: ReadonlySet<string>): Config {
  const out: Config = {};
  for (const [key, value] of Object.entries(base)) if (!fields.has(key)) out[key] = value;
  for (const key of fields) if (edited[key] !== undefined) out[key] = edited[key];
  return out;
}
