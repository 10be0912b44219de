import path from 'node:path';
import { buildRegistry } from '../../engine/registry/buildRegistry';
import type { Options } from 'ajv';
import { createSchemaEngine, type SchemaEngine } from '../../engine/createSchemaEngine';
import { createEngineAjv } from '../../engine/validation/createEngineAjv';
import type { PrivateCallbacksOption } from '../../engine/validation/keywords/urlRule';
import { privateCallbacksAllowed } from '../http/assertPublicHttpUrl';
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
  const { files, fileErrors, assets } = await readSchemaFiles(root);
  // Callback addresses may point inside the network when ALLOW_PRIVATE_CALLBACKS=1 (read at
  // every validation, like the server's own DNS check).
  const option: PrivateCallbacksOption = { privateCallbacks: () => privateCallbacksAllowed() };
  const ajv = createEngineAjv({ ajv: option as Options });
  const engine = createSchemaEngine(buildRegistry(files, { fileErrors, assets }), { ajv });
  engine.compileAll();
  return engine;
}
