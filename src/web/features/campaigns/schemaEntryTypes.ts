/** One entry of `GET /api/schemas` (docs/schema-engine.md). */
export interface SchemaEntry {
  kind: 'gameplay' | 'sub-activity' | 'entity';
  mark: string;
  name: string;
  meta: { title?: string; description?: string; goals?: string[]; [key: string]: unknown };
  schema: Record<string, unknown>;
  ui: Record<string, unknown>;
  steps: Array<{ key: string; title: string; fields: string[] }>;
  /** Strings per language (`zh-CN`, `en-US`); titles in schema, meta and steps are keys of these. */
  locales: Record<string, Record<string, string>>;
  templates: Array<{ name: string; title: string; config: unknown }>;
}

/** A key of an entry's own strings in the UI language, falling back to the key itself. */
export function entryText(entry: SchemaEntry | undefined, key: string | undefined, lang: string): string {
  if (!entry || !key) return key ?? '';
  return entry.locales[lang]?.[key] ?? entry.locales['zh-CN']?.[key] ?? key;
}
