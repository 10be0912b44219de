import { checkRegistry } from '../engine/registry/checkRegistry';
import { loadRegistry } from '../server/schemas/loadRegistry';
import type { CliIo } from './cliIo';

/**
 * `npm run schemas:check`: every folder compiles, meta matches schemas/_meta, ui and steps name
 * only existing fields, both locales hold every string, every template validates.
 * Prints one line per problem; returns 1 when there is any, 0 otherwise.
 */
export async function runSchemasCheck(io: CliIo): Promise<number> {
  let engine;
  try {
    engine = await loadRegistry(io.schemasDir);
  } catch (error) {
    io.err(`schemas:check: cannot read ${io.schemasDir}: ${(error as Error).message}`);
    return 2;
  }
  const problems = checkRegistry(engine);
  for (const p of problems) io.out(`${p.folder}${p.file ? `/${p.file}` : ''}: ${p.message}`);
  const entries = engine.list();
  const templates = engine.templates().length;
  if (problems.length > 0) {
    io.err(`schemas:check: ${problems.length} problem(s) in ${io.schemasDir}`);
    return 1;
  }
  io.out(`schemas:check: ${entries.length} folders, ${templates} templates OK`);
  return 0;
}
