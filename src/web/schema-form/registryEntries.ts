import { buildRegistry } from '../../engine/registry/buildRegistry';
import { createSchemaEngine } from '../../engine/createSchemaEngine';
import type { SchemaEntry } from './schemaEntry';

/**
 * Registry entries shaped like `GET /api/schemas/:kind/:mark`, built from the schemas/ folder
 * the way the server builds them (unit tests and the wizard benchmark page; the console reads them from the API).
 */
export function entriesFromFiles(files: Record<string, unknown>): SchemaEntry[] {
  const engine = createSchemaEngine(buildRegistry(files));
  return engine.list().map((entry) => ({
    kind: entry.kind,
    mark: entry.mark,
    name: entry.name,
    meta: entry.meta,
    schema: engine.formSchema(entry.name),
    ui: entry.ui,
    steps: engine.steps(entry.name),
    locales: entry.locales,
    templates: Object.entries(entry.templates).map(([name, config]) => ({
      name,
      title: `template.${name}`,
      config,
    })),
    ...(entry.defaults ? { defaults: entry.defaults } : {}),
  }));
}
