import { describe, expect, it } from 'vitest';
import type { ValidatorType } from '@rjsf/utils';
import { runValidate } from '../../cli/runValidate';
import type { CliIo } from '../../cli/cliIo';
import type { ValidationIssue } from '../../engine/validation/localizeErrors';
import { loadRegistry } from '../../server/schemas/loadRegistry';
import { validateConfig as serverValidate } from '../../server/campaigns/validateConfig';
import { AppError } from '../../server/errors';
import { engineValidator, validateConfig as formValidate } from './engineValidator';
import { buildFormModel } from './formModel';
import { entriesFromFiles } from './registryEntries';
import type { Config, JsonSchema, SchemaEntry } from './schemaEntry';

// The three faces of the engine accept and refuse exactly the same configs: for every gameplay,
// sub-activity and entity folder and every template, the console's form validator (RJSF's ajv
// with the engine's options and keywords) compiles the schema and every wizard step, and gives
// the same verdict and the same issues as the server's save and the CLI, on the template and on
// broken variants of it.

const files = import.meta.glob('../../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;
const entries = entriesFromFiles(
  Object.fromEntries(
    Object.entries(files).map(([path, json]) => [path.replace('../../../schemas/', ''), json]),
  ),
).filter((entry) => entry.kind === 'gameplay' || entry.kind === 'sub-activity' || entry.kind === 'entity');

const LANGS = ['en-US', 'zh-CN'] as const;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const key = (issue: Pick<ValidationIssue, 'path' | 'message'>) => `${issue.path} ${issue.message}`;
const sorted = (issues: Array<Pick<ValidationIssue, 'path' | 'message'>>) => issues.map(key).sort();

/** Every number, string and array of a config, changed in one way at a time: the broken variants. */
function variants(config: Config): Array<[string, Config]> {
  const walk = (value: unknown, leaf: (v: unknown) => unknown): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, leaf));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, leaf)]));
    return leaf(value);
  };
  const out: Array<[string, Config]> = [
    ['empty', {}],
    ['numbers too large', walk(config, (v) => (typeof v === 'number' ? 1e9 : v)) as Config],
    ['numbers below zero', walk(config, (v) => (typeof v === 'number' ? -1 : v)) as Config],
    ['numbers fractional', walk(config, (v) => (typeof v === 'number' ? v + 0.5 : v)) as Config],
    ['strings emptied', walk(config, (v) => (typeof v === 'string' ? '' : v)) as Config],
    ['strings too long', walk(config, (v) => (typeof v === 'string' ? v.repeat(200) : v)) as Config],
    [
      'types swapped',
      walk(config, (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? 7 : v)) as Config,
    ],
  ];
  for (const field of Object.keys(config)) {
    const rest = clone(config);
    delete rest[field];
    out.push([`without ${field}`, rest]);
  }
  out.push(['an unknown field', { ...clone(config), notAField: true }]);
  return out;
}

/** The server's verdict as a save gives it: null when valid, else the 400's field errors. */
function serverIssues(
  engine: Awaited<ReturnType<typeof loadRegistry>>,
  entry: SchemaEntry,
  config: Config,
  lang: (typeof LANGS)[number],
): Array<{ path: string; message: string }> {
  const kind = entry.kind as 'gameplay' | 'sub-activity' | 'entity';
  try {
    serverValidate(engine, kind, entry.mark, clone(config));
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const errors = error.options.errors as (l: string) => Array<{ path: string; message: string }>;
    return errors(lang);
  }
}

/** The CLI's verdicts (`npm run validate -- <kind>/<mark> ... --json`) for many configs at once. */
async function cliIssues(
  entry: SchemaEntry,
  configs: Config[],
  lang: (typeof LANGS)[number],
): Promise<Array<{ valid: boolean; errors: ValidationIssue[] }>> {
  const lines: string[] = [];
  const io: CliIo = {
    out: (line) => lines.push(line),
    err: () => {},
    readFile: async (path) => JSON.stringify(configs[Number(path)]),
    readStdin: async () => '',
    schemasDir: 'schemas',
  };
  const names = configs.map((_, i) => String(i));
  await runValidate([entry.name, ...names, '--json', '--lang', lang], io);
  return lines.map((line) => JSON.parse(line) as { valid: boolean; errors: ValidationIssue[] });
}

/** RJSF's own compile of a wizard step's form, as SchemaForm hands it over: an error if it fails. */
function stepCompileError(validator: ValidatorType, schema: JsonSchema, data: Config): string | undefined {
  const raw = validator.rawValidation(schema as never, data);
  return raw.validationError?.message;
}

describe('the form validator, the server and the CLI agree on every folder', async () => {
  const engine = await loadRegistry('schemas');
  const cases = entries.flatMap((entry) => entry.templates.map((template) => [entry, template] as const));

  it('covers every gameplay, sub-activity and entity folder and template', () => {
    expect(engine.problems).toEqual([]);
    const folders = new Set(entries.map((e) => e.name));
    for (const entry of engine.list().filter((e) => e.kind !== 'block'))
      expect(folders).toContain(entry.name);
    // Each folder ships at least one template, so each is checked below.
    for (const entry of entries) expect(entry.templates.length, entry.name).toBeGreaterThan(0);
    expect(cases.length).toBeGreaterThanOrEqual(entries.length);
  });

  it.each(cases.map(([entry, template]) => [`${entry.name} / ${template.name}`, entry, template] as const))(
    '%s',
    async (_label, entry, template) => {
      const config = clone(template.config as Config);
      for (const lang of LANGS) {
        const validator = engineValidator(entry.schema, lang);
        // The entry's schema and every wizard step's form compile in the console's validator.
        for (const step of [...entry.steps.map((s) => s.fields), undefined]) {
          const model = buildFormModel({
            root: entry.schema,
            ui: entry.ui,
            strings: {},
            fields: step,
            enumLabel: (_property, value) => String(value),
          });
          expect(stepCompileError(validator, model.schema, config), `step ${step?.join(',') ?? 'all'}`).toBe(
            undefined,
          );
        }

        // The template is valid on all three faces.
        expect(formValidate(entry.schema, config, lang), `${lang} form`).toEqual([]);
        expect(serverIssues(engine, entry, config, lang), `${lang} server`).toEqual([]);

        // Broken variants: the same verdict and the same issues, word for word.
        const broken = variants(config);
        const cli = await cliIssues(entry, [config, ...broken.map(([, c]) => c)], lang);
        expect(cli[0], `${lang} cli`).toEqual({ file: '0', valid: true, errors: [] });
        let refused = 0;
        broken.forEach(([name, variant], i) => {
          const form = formValidate(entry.schema, clone(variant), lang);
          const server = serverIssues(engine, entry, variant, lang);
          const fromCli = cli[i + 1];
          expect(sorted(form), `${lang} ${name}: form vs server`).toEqual(sorted(server));
          expect(sorted(fromCli.errors), `${lang} ${name}: cli vs server`).toEqual(sorted(server));
          expect(fromCli.valid, `${lang} ${name}: cli verdict`).toBe(server.length === 0);
          if (server.length > 0) refused++;
        });
        // The variants hold real mistakes (swapped types, overlong texts, ...): several are refused.
        expect(refused, lang).toBeGreaterThanOrEqual(3);
      }
    },
    // A whole folder on three faces in two languages: seconds on a busy machine, never a failure.
    120_000,
  );

  it('a limit that names another field holds in the form as on the server', () => {
    // The shape that broke the console's forms: "maximum": { "$data": "3/cycleDays" }.
    const signIn = entries.find((e) => e.name === 'gameplay/daily-sign-in')!;
    const config = clone(signIn.templates[0].config as Config) as Config & {
      cycleDays: number;
      dailyRewards: Array<{ day: number }>;
    };
    config.dailyRewards[0].day = config.cycleDays + 1;
    const form = formValidate(signIn.schema, config, 'en-US');
    expect(form.map((issue) => issue.path)).toContain('/dailyRewards/0/day');
    expect(sorted(form)).toEqual(sorted(serverIssues(engine, signIn, config, 'en-US')));
  });
});
