import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One config validation rule as a fixture: a config that passes and one that fails with a known issue. */
export interface SpecRuleCase {
  rule: string;
  /** Registry name, e.g. `gameplay/lucky-wheel`. */
  entry: string;
  /** Template of that entry the configs start from. */
  base: string;
  /** JSON pointer -> value changes; `null` removes, a trailing `/-` appends. */
  pass: Record<string, unknown>;
  fail: Record<string, unknown>;
  expect: { path: string; keyword: string; 'zh-CN': string; 'en-US': string };
  /** false: the failing config may report further issues the change causes (a sum, a cascade). */
  exact?: boolean;
}

export const SPEC_FIXTURES_DIR = path.resolve('tests/fixtures/spec-rules');

/** Every case of tests/fixtures/spec-rules/*.json, tagged with its file. */
export function loadSpecRuleCases(dir = SPEC_FIXTURES_DIR): (SpecRuleCase & { file: string })[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SpecRuleCase[]).map((c) => ({ ...c, file })),
    );
}

/** Applies a fixture's changes to a deep copy of `base`. */
export function applyChanges(base: unknown, changes: Record<string, unknown>): unknown {
  const doc = structuredClone(base) as Record<string, unknown>;
  for (const [pointer, value] of Object.entries(changes)) {
    const parts = pointer
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop();
    if (last === undefined) throw new Error(`bad pointer ${pointer}`);
    let node: unknown = doc;
    for (const part of parts) {
      node = (node as Record<string, unknown>)[part];
      if (node === undefined || node === null) throw new Error(`pointer ${pointer} leads nowhere`);
    }
    if (Array.isArray(node)) {
      if (last === '-') node.push(value);
      else if (value === null) node.splice(Number(last), 1);
      else node[Number(last)] = value;
    } else {
      const obj = node as Record<string, unknown>;
      if (value === null) delete obj[last];
      else obj[last] = value;
    }
  }
  return doc;
}
