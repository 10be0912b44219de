// The anchor of npm run bench:validate: ajv as a plain integrator sets it up for a form, with
// none of the engine's option tuning. Shared by bench/validate.ts and bench/validateCompile.ts.
import Ajv, { type ErrorObject, type SchemaObject } from 'ajv';
import addFormats from 'ajv-formats';
import { pageSchema } from '../src/engine/page/pageSchema';
import type { Registry } from '../src/engine/registry/registryTypes';
import { addEngineKeywords } from '../src/engine/validation/createEngineAjv';

/** The options the anchor passes to `new Ajv` (the bench prints them). */
export const STOCK_AJV_OPTIONS = { allErrors: true, $data: true, unevaluated: true } as const;

/**
 * Strict mode's warnings (strictTypes: `maxItems` beside a `$ref` without `type`), counted
 * instead of written to stderr in the middle of the bench's output. Only where the text goes.
 */
export const stockWarnings: string[] = [];
const stockLogger = {
  log: (...args: unknown[]) => console.log(...args),
  warn: (...args: unknown[]) => void stockWarnings.push(args.join(' ')),
  error: (...args: unknown[]) => console.error(...args),
};

/**
 * Stock ajv: default code options (optimize on, refs inlined), default strict mode; `allErrors`
 * because a form shows every mistake at once and ajv-errors needs it; `$data` and `unevaluated`
 * only because the schemas use them (they do not compile without). Then ajv-formats, ajv-errors
 * (its default options) and the same custom keywords and unevaluated vocabulary as the engine,
 * registered through the engine's own `addEngineKeywords` so both sides run the same keyword code.
 */
export function createStockAjv(): Ajv {
  const ajv = new Ajv({ ...STOCK_AJV_OPTIONS, logger: stockLogger });
  addFormats(ajv);
  return addEngineKeywords(ajv);
}

/**
 * Adds the whole registry to a stock ajv the way an integrator would: shared defs, every block
 * schema, the page schema made of them (the same document the engine builds), every entry.
 * Nothing compiles here; `getSchema(id)` compiles on first use.
 */
export function addRegistry(ajv: Ajv, registry: Registry): string[] {
  const blocks = registry.entries.filter((e) => e.kind === 'block');
  const schemas: SchemaObject[] = [
    ...registry.defs,
    ...blocks.map((b) => b.schema),
    pageSchema(blocks),
    ...registry.entries.filter((e) => e.kind !== 'block').map((e) => e.schema),
  ];
  for (const schema of schemas) ajv.addSchema(schema);
  return registry.entries.map((e) => String(e.schema.$id));
}

/** One anchor issue: ajv's own error mapped the simple way. */
export interface AnchorIssue {
  path: string;
  message: string;
}

/** ajv (+ ajv-errors) errors as `{ path, message }`: instancePath and ajv's message, nothing more. */
export function simpleIssues(errors: readonly ErrorObject[] | null | undefined): AnchorIssue[] {
  const out: AnchorIssue[] = [];
  for (const e of errors ?? []) out.push({ path: e.instancePath, message: e.message ?? '' });
  return out;
}
