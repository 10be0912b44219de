import path from 'node:path';
import { buildRegistry } from '../../engine/registry/buildRegistry';
import { createSchemaEngine, type SchemaEngine } from '../../engine/createSchemaEngine';
import { readSchemaFiles } from './readSchemaFiles';

/** schemas/ of this checkout (SCHEMAS_DIR overrides it, e.g. for tests on a temp copy). */
export function defaultSchemasDir(): string {
  return process.env.SCHEMAS_DIR ?? path.resolve(process.cwd(), 'schemas');
}

/**
 * Reads schemas/ from disk, builds the registry and an engine over it, and compiles every folder
 * so a broken one is known (and reported by name in `engine.problems`) before anything is served.
 */
export async function loadRegistry(root: string = defaultSchemasDir()): Promise<SchemaEngine> {
  const { files, fileErrors } = await readSchemaFiles(root);
  const engine = createSchemaEngine(buildRegistry(files, { fileErrors }));
  engine.compileAll();
  return engine;
}
