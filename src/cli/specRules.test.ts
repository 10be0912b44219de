import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaEngine } from '../engine/createSchemaEngine';
import { LANGS, type Lang } from '../engine/validation/lang';
import { loadRegistry } from '../server/schemas/loadRegistry';
import type { CliIo } from './cliIo';
import { nodeCliIo } from './nodeCliIo';
import { runValidate } from './runValidate';
import { applyChanges, loadSpecRuleCases } from './specFixtures';

// The config validation rules of tests/fixtures/spec-rules: each fixture passes once and fails once
// with the expected path and message in both languages, through the engine and the real CLI.
const cases = loadSpecRuleCases();
let engine: SchemaEngine;

function configs(c: (typeof cases)[number]) {
  const base = engine.get(c.entry)?.templates[c.base];
  if (base === undefined) throw new Error(`${c.entry} has no template ${c.base}`);
  return { pass: applyChanges(base, c.pass), fail: applyChanges(base, c.fail) };
}

beforeAll(async () => {
  engine = await loadRegistry(path.resolve('schemas'));
});

describe('SPEC 5 rules through the engine', () => {
  it('has fixtures', () => {
    expect(cases.length).toBeGreaterThan(60);
  });
  for (const c of cases) {
    it(`${c.file}: ${c.rule}`, () => {
      const { pass, fail } = configs(c);
      expect(engine.validate(c.entry, pass, 'en-US').errors).toEqual([]);
      for (const lang of LANGS) {
        const { valid, errors } = engine.validate(c.entry, fail, lang);
        expect(valid).toBe(false);
        const expected = { path: c.expect.path, keyword: c.expect.keyword, message: c.expect[lang] };
        if (c.exact === false) expect(errors).toContainEqual(expected);
        else expect(errors).toEqual([expected]);
      }
    });
  }
});

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/validate.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

type CliRun = { code: number; stdout: string };

/** The CLI in this process: the same runValidate over the real files, its lines captured. */
async function runCliInProcess(args: string[]): Promise<CliRun> {
  const lines: string[] = [];
  const io: CliIo = { ...nodeCliIo(), out: (line) => lines.push(line), err: () => {} };
  const code = await runValidate(args, io);
  return { code, stdout: lines.map((line) => `${line}\n`).join('') };
}

type Fixture = { file: string; index: number; kind: 'pass' | 'fail' };

/** What the CLI must answer for one entry's fixtures: exit 1, one JSON line per file. */
function expectReport(lang: Lang, files: Fixture[], { code, stdout }: CliRun) {
  expect(code).toBe(1);
  const results = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string; valid: boolean; errors: unknown[] });
  expect(results).toHaveLength(files.length);
  files.forEach((f, k) => {
    const c = cases[f.index];
    expect(results[k].file).toBe(f.file);
    if (f.kind === 'pass') expect(results[k], c.rule).toMatchObject({ valid: true, errors: [] });
    else {
      const expected = { path: c.expect.path, keyword: c.expect.keyword, message: c.expect[lang] };
      if (c.exact === false) expect(results[k].errors, c.rule).toContainEqual(expected);
      else expect(results[k].errors, c.rule).toEqual([expected]);
    }
  });
}

// Every entry's fixtures go through the CLI's own code in this process; one entry per language
// also goes through the real program (tsx start-up ~1 s, far more on a busy machine), so the
// process boundary (arguments, exit code, stdout) is covered without a process per entry.
describe('SPEC 5 rules through the CLI', { timeout: 180_000 }, () => {
  let dir: string;
  const byEntry = new Map<string, Fixture[]>();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gc-spec-'));
    engine ??= await loadRegistry(path.resolve('schemas'));
    await Promise.all(
      cases.map(async (c, index) => {
        const { pass, fail } = configs(c);
        const list = byEntry.get(c.entry) ?? [];
        byEntry.set(c.entry, list);
        for (const [kind, config] of [
          ['pass', pass],
          ['fail', fail],
        ] as const) {
          const file = path.join(dir, `${index}-${kind}.json`);
          await writeFile(file, JSON.stringify(config));
          list.push({ file, index, kind });
        }
      }),
    );
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  for (const lang of LANGS) {
    const flag = lang === 'en-US' ? 'en' : 'zh';
    it(`reports every fixture with --json --lang ${lang}`, async () => {
      for (const [entry, files] of byEntry) {
        const args = [entry, ...files.map((f) => f.file), '--json', '--lang', flag];
        expectReport(lang, files, await runCliInProcess(args));
      }
    });

    it(`answers the same from the real program with --json --lang ${lang}`, async () => {
      // The entry with the most fixtures.
      const [entry, files] = [...byEntry].sort((a, b) => b[1].length - a[1].length)[0];
      const args = [entry, ...files.map((f) => f.file), '--json', '--lang', flag];
      expectReport(lang, files, await runCli(args));
    });
  }
});
