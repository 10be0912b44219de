// npm run bench:validate: validations per second of a full lucky-wheel config (20 prizes, two
// languages) through the engine vs a bare ajv validator compiled from the same schema in the same
// run, and the cold time to compile the whole registry. Last line: one JSON object.
import path from 'node:path';
import { buildRegistry } from '../src/engine/registry/buildRegistry';
import { createSchemaEngine } from '../src/engine/createSchemaEngine';
import { createEngineAjv } from '../src/engine/validation/createEngineAjv';
import { readSchemaFiles } from '../src/server/schemas/readSchemaFiles';

const NAME = 'gameplay/lucky-wheel';
const root = path.resolve(process.env.SCHEMAS_DIR ?? 'schemas');

const readStart = performance.now();
const { files, fileErrors } = await readSchemaFiles(root);
const readMs = performance.now() - readStart;

// Cold: build the registry and compile every folder on a fresh ajv.
const compileStart = performance.now();
const engine = createSchemaEngine(buildRegistry(files, { fileErrors }));
engine.compileAll();
const registryCompileMs = performance.now() - compileStart;
if (engine.problems.length > 0) {
  for (const p of engine.problems) console.error(`problem: ${p.folder}/${p.file ?? ''}: ${p.message}`);
  process.exit(1);
}

const entry = engine.get(NAME);
if (!entry) throw new Error(`${NAME} is missing`);
const config = entry.templates['twenty-prizes'] as { prizes: unknown[]; languages: string[] };
if (config.prizes.length !== 20 || config.languages.length !== 2)
  throw new Error('the twenty-prizes template must hold 20 prizes in 2 languages');

// Bare ajv: same factory and keywords, same schema and shared defs, no engine around it.
const bareAjv = createEngineAjv();
for (const def of engine.registry.defs) bareAjv.addSchema(def);
const bare = bareAjv.compile(entry.schema);

if (!bare(config) || !engine.validate(NAME, config).valid) throw new Error('the bench config must be valid');

function perSecond(fn: () => void, ms: number): number {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 200; i++) fn();
    n += 200;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

const engineRun = () => {
  engine.validate(NAME, config, 'zh-CN');
};
const bareRun = () => {
  bare(config);
};
perSecond(engineRun, 300);
perSecond(bareRun, 300);
// Alternate rounds so both see the same machine state; keep each side's best round.
let enginePerS = 0;
let ajvPerS = 0;
for (let round = 0; round < 4; round++) {
  enginePerS = Math.max(enginePerS, perSecond(engineRun, 700));
  ajvPerS = Math.max(ajvPerS, perSecond(bareRun, 700));
}

const invalid = { ...config, prizes: [...config.prizes, ...config.prizes.slice(0, 3)] };
const invalidPerS = perSecond(() => engine.validate(NAME, invalid, 'en-US'), 500);

console.log(`schemas read from disk: ${readMs.toFixed(1)} ms (${Object.keys(files).length} files)`);
console.log(`registry build + compile (${engine.list().length} folders): ${registryCompileMs.toFixed(1)} ms`);
console.log(`valid 20-prize config: engine ${Math.round(enginePerS)}/s, bare ajv ${Math.round(ajvPerS)}/s`);
console.log(`invalid config with localized issues: engine ${Math.round(invalidPerS)}/s`);
console.log(
  JSON.stringify({
    engine_per_s: Math.round(enginePerS),
    ajv_per_s: Math.round(ajvPerS),
    ratio_vs_ajv: Number((enginePerS / ajvPerS).toFixed(3)),
    registry_compile_ms: Number(registryCompileMs.toFixed(1)),
  }),
);
