// npm run bench:validate: validations per second of a full lucky-wheel config (20 prizes, two
// languages) through the engine against stock ajv (default code options, ajv-formats, ajv-errors,
// the same custom keywords; see bench/validateAnchor.ts), on a valid config and on a config with
// six realistic mistakes (the engine returns localized, field-addressed issues; the anchor maps
// ajv's errors to { path: instancePath, message }). Rounds alternate product and anchor and the
// medians are reported. The old anchor (bare ajv on the engine's own options) is still printed.
// Registry compile: the median of several fresh processes (bench/validateCompile.ts), engine and
// stock ajv. Last line: one JSON object.
//
// BENCH_ROUNDS (7), BENCH_ROUND_MS (400), BENCH_COMPILE_RUNS (5) change the sizes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildRegistry } from '../src/engine/registry/buildRegistry';
import { createSchemaEngine } from '../src/engine/createSchemaEngine';
import { createEngineAjv } from '../src/engine/validation/createEngineAjv';
import { readSchemaFiles } from '../src/server/schemas/readSchemaFiles';
import { median } from './benchHttp';
import {
  STOCK_AJV_OPTIONS,
  addRegistry,
  createStockAjv,
  simpleIssues,
  stockWarnings,
} from './validateAnchor';

const NAME = 'gameplay/lucky-wheel';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 400);
const COMPILE_RUNS = Number(process.env.BENCH_COMPILE_RUNS ?? 5);
const root = path.resolve(process.env.SCHEMAS_DIR ?? 'schemas');

// ---- Set-up (outside every measured window) ----

const readStart = performance.now();
const { files, fileErrors } = await readSchemaFiles(root);
const readMs = performance.now() - readStart;

// The figure this bench used to report: build + compile in this process, once.
const compileStart = performance.now();
const registry = buildRegistry(files, { fileErrors });
const engine = createSchemaEngine(registry);
engine.compileAll();
const inProcessCompileMs = performance.now() - compileStart;
if (engine.problems.length > 0) {
  for (const p of engine.problems) console.error(`problem: ${p.folder}/${p.file ?? ''}: ${p.message}`);
  process.exit(1);
}

const entry = engine.get(NAME);
if (!entry) throw new Error(`${NAME} is missing`);
const config = entry.templates['twenty-prizes'] as {
  prizes: Record<string, unknown>[];
  languages: string[];
} & Record<string, unknown>;
if (config.prizes.length !== 20 || config.languages.length !== 2)
  throw new Error('the twenty-prizes template must hold 20 prizes in 2 languages');

// The anchor: stock ajv with the whole registry added, the lucky wheel compiled.
const stockAjv = createStockAjv();
addRegistry(stockAjv, registry);
const stock = stockAjv.getSchema(String(entry.schema.$id));
if (!stock) throw new Error('stock ajv did not compile the lucky wheel');

// The old anchor: a bare validator on the engine's own factory and options (same keywords).
const bareAjv = createEngineAjv();
addRegistry(bareAjv, registry);
const bare = bareAjv.getSchema(String(entry.schema.$id));
if (!bare) throw new Error('bare ajv did not compile the lucky wheel');

if (!stock(config) || !bare(config) || !engine.validate(NAME, config).valid)
  throw new Error('the bench config must be valid');

// Six mistakes an operator makes: a required section left out, a number out of range, a value
// outside its list, a prize without its required name, odds adding up to more than 100% (the
// probabilitySum keyword) and a colour that is no colour.
const { chances: _dropped, ...withoutChances } = config;
const invalid = {
  ...withoutChances,
  drawCountdown: 90,
  wheel: { ...(config.wheel as object), pointerColor: 'red' },
  prizes: config.prizes.map((prize, i) => {
    if (i === 1) return { ...prize, odds: 40 };
    if (i === 2) return { ...prize, deliveryType: 'post' };
    if (i === 4) {
      const { name: _name, ...rest } = prize;
      return rest;
    }
    return prize;
  }),
};
// The old invalid config: three prizes too many (the list limit and duplicate prize ids).
const overflow = { ...config, prizes: [...config.prizes, ...config.prizes.slice(0, 3)] };

const productIssues = engine.validate(NAME, invalid, 'zh-CN').errors;
if (stock(invalid)) throw new Error('the invalid config must be invalid');
const anchorIssues = simpleIssues(stock.errors);
for (const field of [
  '/chances',
  '/drawCountdown',
  '/prizes/2/deliveryType',
  '/prizes/4/name',
  '/wheel/pointerColor',
])
  if (!productIssues.some((i) => i.path === field)) throw new Error(`no engine issue on ${field}`);
if (!productIssues.some((i) => i.keyword === 'probabilitySum'))
  throw new Error('no engine issue for the odds sum');

// ---- Measured windows: validate calls only ----

let sink = 0;
function perSecond(fn: () => number, ms: number): number {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 100; i++) sink += fn();
    n += 100;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

interface Side {
  label: string;
  run: () => number;
  rounds: number[];
}
const side = (label: string, run: () => number): Side => ({ label, run, rounds: [] });
// Each pair is product, anchor; the old bare-ajv anchor and the old invalid config ride along.
const valid = {
  engine: side('engine', () => (engine.validate(NAME, config, 'zh-CN').valid ? 1 : 0)),
  stock: side('stock ajv', () => (stock(config) ? 1 : 0)),
  bare: side('bare ajv, engine options', () => (bare(config) ? 1 : 0)),
};
const wrong = {
  engine: side('engine, localized issues', () => engine.validate(NAME, invalid, 'zh-CN').errors.length),
  stock: side('ajv + ajv-errors, {path, message}', () => {
    stock(invalid);
    return simpleIssues(stock.errors).length;
  }),
  overflow: side('engine, old 23-prize config', () => engine.validate(NAME, overflow, 'en-US').errors.length),
};
const pairs: [Side, Side][] = [
  [valid.engine, valid.stock],
  [valid.engine, valid.bare],
  [wrong.engine, wrong.stock],
];
const all = [valid.engine, valid.stock, valid.bare, wrong.engine, wrong.stock, wrong.overflow];

console.log(`schemas read from disk: ${readMs.toFixed(1)} ms (${Object.keys(files).length} files)`);
console.log(
  `anchor: new Ajv(${JSON.stringify(STOCK_AJV_OPTIONS)}) (default code options, default strict mode: ` +
    `${stockWarnings.length} strictTypes warnings at compile, not printed) + ajv-formats + ajv-errors + ` +
    `the engine's custom keywords and unevaluated vocabulary; allErrors because a form shows every ` +
    `mistake at once and ajv-errors needs it`,
);
console.log(
  `invalid config: engine ${productIssues.length} localized issues, ajv ${anchorIssues.length} errors`,
);
for (const i of productIssues) console.log(`  engine ${i.path} [${i.keyword}] ${i.message}`);
for (const i of anchorIssues) console.log(`  ajv    ${i.path} ${i.message}`);
console.log(
  `excluded from the measured windows: reading schemas/, building the registry, compiling ` +
    `(engine and anchors), building the configs, a ${ROUND_MS} ms warm-up of each side`,
);

for (const s of all) perSecond(s.run, ROUND_MS);
for (let round = 0; round < ROUNDS; round++) {
  // The side that goes first alternates from round to round.
  for (const [product, anchor] of pairs) {
    for (const s of round % 2 === 0 ? [product, anchor] : [anchor, product]) {
      if (s === valid.engine && s.rounds.length > round) continue; // measured once per round
      s.rounds.push(perSecond(s.run, ROUND_MS));
    }
  }
  wrong.overflow.rounds.push(perSecond(wrong.overflow.run, ROUND_MS));
  console.log(
    `round ${round + 1}: valid engine ${Math.round(valid.engine.rounds[round])}/s, stock ajv ` +
      `${Math.round(valid.stock.rounds[round])}/s, bare ajv ${Math.round(valid.bare.rounds[round])}/s | ` +
      `invalid engine ${Math.round(wrong.engine.rounds[round])}/s, ajv + ajv-errors ` +
      `${Math.round(wrong.stock.rounds[round])}/s | old invalid engine ${Math.round(wrong.overflow.rounds[round])}/s`,
  );
}

// ---- Registry compile: fresh processes ----

interface CompileRun {
  side: string;
  read_ms: number;
  compile_ms: number;
  folders: number;
}
function compileOnce(which: 'engine' | 'ajv'): Promise<CompileRun> {
  return new Promise((ok, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'validateCompile.ts'), which],
      { stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', fail);
    child.once('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{'))
        fail(new Error(`validateCompile ${which} exited ${code}: ${err.trim()}`));
      else ok(JSON.parse(last) as CompileRun);
    });
  });
}
console.log(
  `registry compile: ${COMPILE_RUNS} fresh processes per side, alternating; measured from building the ` +
    `registry (engine) or creating the ajv instance (stock ajv) to every folder compiled; excluded: ` +
    `process start, loading modules, reading schemas/ (and, for stock ajv, building the registry)`,
);
const engineCompile: number[] = [];
const ajvCompile: number[] = [];
for (let run = 0; run < COMPILE_RUNS; run++) {
  const e = await compileOnce('engine');
  const a = await compileOnce('ajv');
  engineCompile.push(e.compile_ms);
  ajvCompile.push(a.compile_ms);
  console.log(
    `compile process ${run + 1}: engine ${e.compile_ms.toFixed(1)} ms (${e.folders} folders), ` +
      `stock ajv ${a.compile_ms.toFixed(1)} ms`,
  );
}

// ---- Results ----

const med = (s: Side) => median(s.rounds);
const enginePerS = med(valid.engine);
const stockPerS = med(valid.stock);
const barePerS = med(valid.bare);
const invalidPerS = med(wrong.engine);
const invalidAjvPerS = med(wrong.stock);
const overflowPerS = med(wrong.overflow);
const registryCompileMs = median(engineCompile);
const ajvCompileMs = median(ajvCompile);
const ratio = (a: number, b: number) => Number((a / b).toFixed(3));

console.log(`medians of ${ROUNDS} alternating rounds of ${ROUND_MS} ms:`);
console.log(
  `valid 20-prize config: engine ${Math.round(enginePerS)}/s, stock ajv ${Math.round(stockPerS)}/s ` +
    `(ratio ${ratio(enginePerS, stockPerS)}); old anchor, bare ajv on the engine's options ` +
    `${Math.round(barePerS)}/s (ratio ${ratio(enginePerS, barePerS)})`,
);
console.log(
  `invalid config (6 mistakes): engine with localized, field-addressed issues ${Math.round(invalidPerS)}/s, ` +
    `ajv + ajv-errors with {path, message} ${Math.round(invalidAjvPerS)}/s (ratio ${ratio(invalidPerS, invalidAjvPerS)})`,
);
console.log(`old invalid config (23 prizes) with localized issues: engine ${Math.round(overflowPerS)}/s`);
console.log(
  `registry build + compile (${engine.list().length} folders), median of ${COMPILE_RUNS} fresh processes: ` +
    `engine ${registryCompileMs.toFixed(1)} ms, stock ajv (compile only) ${ajvCompileMs.toFixed(1)} ms; ` +
    `in this process (the old figure) ${inProcessCompileMs.toFixed(1)} ms`,
);
if (sink < 0) console.log(sink); // keeps the results alive
console.log(
  JSON.stringify({
    engine_per_s: Math.round(enginePerS),
    ajv_per_s: Math.round(barePerS),
    ratio_vs_ajv: ratio(enginePerS, barePerS),
    registry_compile_ms: Number(registryCompileMs.toFixed(1)),
    stock_ajv_per_s: Math.round(stockPerS),
    ratio_vs_stock_ajv: ratio(enginePerS, stockPerS),
    invalid_engine_per_s: Math.round(invalidPerS),
    invalid_ajv_per_s: Math.round(invalidAjvPerS),
    invalid_ratio: ratio(invalidPerS, invalidAjvPerS),
    old_invalid_engine_per_s: Math.round(overflowPerS),
    registry_compile_runs: COMPILE_RUNS,
    ajv_registry_compile_ms: Number(ajvCompileMs.toFixed(1)),
    registry_compile_in_process_ms: Number(inProcessCompileMs.toFixed(1)),
  }),
);
