// One fresh process of npm run bench:validate's registry compile: reads schemas/, then times
// compiling every folder, either through the engine (`engine`: buildRegistry + createSchemaEngine
// + compileAll, the figure the bench has always printed) or on stock ajv (`ajv`: a new instance,
// the same schemas added, each entry compiled; the registry is built before its window).
// Prints one JSON line: { side, read_ms, compile_ms, folders }.
import path from 'node:path';
import { buildRegistry } from '../src/engine/registry/buildRegistry';
import { createSchemaEngine } from '../src/engine/createSchemaEngine';
import { readSchemaFiles } from '../src/server/schemas/readSchemaFiles';
import { addRegistry, createStockAjv } from './validateAnchor';

const side = process.argv[2];
if (side !== 'engine' && side !== 'ajv') throw new Error('usage: validateCompile.ts engine|ajv');
const root = path.resolve(process.env.SCHEMAS_DIR ?? 'schemas');

const readStart = performance.now();
const { files, fileErrors } = await readSchemaFiles(root);
const readMs = performance.now() - readStart;

let compileMs: number;
let folders: number;
if (side === 'engine') {
  const start = performance.now();
  const engine = createSchemaEngine(buildRegistry(files, { fileErrors }));
  engine.compileAll();
  compileMs = performance.now() - start;
  if (engine.problems.length > 0) throw new Error(`registry problems: ${JSON.stringify(engine.problems)}`);
  folders = engine.list().length;
} else {
  const registry = buildRegistry(files, { fileErrors });
  const start = performance.now();
  const ajv = createStockAjv();
  const ids = addRegistry(ajv, registry);
  for (const id of ids) if (!ajv.getSchema(id)) throw new Error(`${id} did not compile`);
  compileMs = performance.now() - start;
  folders = ids.length;
}
console.log(JSON.stringify({ side, read_ms: readMs, compile_ms: compileMs, folders }));
