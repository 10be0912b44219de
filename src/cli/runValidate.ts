import type { SchemaEngine } from '../engine/createSchemaEngine';
import { dropEmptyPairs } from '../engine/validation/emptyPairs';
import { normalizeLang, type Lang } from '../engine/validation/lang';
import type { ValidationIssue } from '../engine/validation/localizeErrors';
import { loadRegistry } from '../server/schemas/loadRegistry';
import type { CliIo } from './cliIo';

export const USAGE = [
  'usage: npm run validate -- <kind>/<mark> <file...> [--lang zh|en] [--json]',
  '       npm run validate -- --list [--json] [--lang zh|en]',
  '  <kind> is gameplay, sub-activity or entity; "-" reads stdin.',
  '  exit 0: all valid, 1: some invalid, 2: usage error or unreadable input.',
].join('\n');

interface Parsed {
  list: boolean;
  json: boolean;
  help: boolean;
  lang: Lang;
  positional: string[];
  error?: string;
}

function parseArgs(argv: readonly string[]): Parsed {
  const parsed: Parsed = { list: false, json: false, help: false, lang: 'zh-CN', positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--list') parsed.list = true;
    else if (arg === '--json') parsed.json = true;
    else if (arg === '--help' || arg === '-h') parsed.help = true;
    else if (arg === '--lang') {
      const value = argv[++i];
      if (value === undefined) parsed.error = '--lang needs a value (zh or en)';
      else parsed.lang = normalizeLang(value);
    } else if (arg.startsWith('--lang=')) parsed.lang = normalizeLang(arg.slice(7));
    else if (arg.startsWith('--') && arg !== '--') parsed.error = `unknown option ${arg}`;
    else if (arg !== '--') parsed.positional.push(arg);
  }
  return parsed;
}

/** Result for one input file. */
export interface FileResult {
  file: string;
  valid: boolean;
  errors: ValidationIssue[];
}

function titleOf(engine: SchemaEngine, name: string, lang: Lang): string {
  const entry = engine.get(name);
  return entry ? (entry.locales[lang][entry.meta.title] ?? entry.meta.title) : name;
}

/**
 * `npm run validate`: validates config files against a registry entry. Returns the exit code:
 * 0 every file valid, 1 some file invalid, 2 usage error, unknown entry, unreadable or non-JSON input.
 */
export async function runValidate(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  if (args.help) {
    io.out(USAGE);
    return 0;
  }
  if (args.error) {
    io.err(`validate: ${args.error}\n${USAGE}`);
    return 2;
  }
  let engine: SchemaEngine;
  try {
    engine = await loadRegistry(io.schemasDir);
  } catch (error) {
    io.err(`validate: cannot read the schema folders at ${io.schemasDir}: ${(error as Error).message}`);
    return 2;
  }

  if (args.list) {
    const entries = engine.list();
    if (args.json) {
      io.out(
        JSON.stringify(
          entries.map((e) => ({
            name: e.name,
            kind: e.kind,
            mark: e.mark,
            title: titleOf(engine, e.name, args.lang),
            version: e.meta.version,
            templates: Object.keys(e.templates),
          })),
        ),
      );
    } else {
      const width = Math.max(0, ...entries.map((e) => e.name.length));
      for (const e of entries) io.out(`${e.name.padEnd(width)}  ${titleOf(engine, e.name, args.lang)}`);
    }
    for (const p of engine.problems)
      io.err(`validate: broken schema folder ${p.folder}${p.file ? `/${p.file}` : ''}: ${p.message}`);
    return 0;
  }

  const [name, ...files] = args.positional;
  if (!name || files.length === 0) {
    io.err(`validate: ${name ? 'no file given' : 'no <kind>/<mark> given'}\n${USAGE}`);
    return 2;
  }
  if (!/^(gameplay|sub-activity|entity)\/[a-z][a-z0-9-]*$/.test(name)) {
    io.err(`validate: "${name}" is not <kind>/<mark> (kind: gameplay, sub-activity, entity)\n${USAGE}`);
    return 2;
  }
  if (!engine.get(name)) {
    const broken = engine.problems.filter((p) => p.folder.endsWith(`/${name.split('/')[1]}`));
    if (broken.length > 0) {
      for (const p of broken)
        io.err(`validate: ${name} is broken: ${p.folder}${p.file ? `/${p.file}` : ''}: ${p.message}`);
    } else {
      io.err(`validate: unknown ${name}; see npm run validate -- --list`);
      for (const p of engine.problems.filter((p) => p.folder === '_defs'))
        io.err(`validate: ${p.folder}${p.file ? `/${p.file}` : ''}: ${p.message}`);
    }
    return 2;
  }

  let code = 0;
  let stdinUsed = false;
  for (const file of files) {
    let text: string;
    const label = file === '-' ? '<stdin>' : file;
    try {
      if (file === '-') {
        if (stdinUsed) throw new Error('stdin can be read only once');
        stdinUsed = true;
        text = await io.readStdin();
      } else text = await io.readFile(file);
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
      reportInputError(io, args.json, label, `cannot read ${label}: ${reason}`);
      code = 2;
      continue;
    }
    let config: unknown;
    try {
      config = JSON.parse(text);
    } catch (error) {
      reportInputError(io, args.json, label, `${label} is not valid JSON: ${(error as Error).message}`);
      code = 2;
      continue;
    }
    // As a save would: entirely empty key-value rows are dropped, not reported.
    const entry = engine.get(name);
    if (entry) dropEmptyPairs(engine.formSchema(entry.name), config);
    const result = engine.validate(name, config, args.lang);
    const fileResult: FileResult = { file: label, valid: result.valid, errors: result.errors };
    if (args.json) io.out(JSON.stringify(fileResult));
    else if (result.valid) io.out(`${label}: ${args.lang === 'en-US' ? 'valid' : '通过'}`);
    else {
      io.out(
        `${label}: ${args.lang === 'en-US' ? `${result.errors.length} problem(s)` : `${result.errors.length} 个问题`}`,
      );
      for (const e of result.errors) io.out(`  ${e.path || '/'}  ${e.message}  [${e.keyword}]`);
    }
    if (!result.valid && code === 0) code = 1;
  }
  return code;
}

function reportInputError(io: CliIo, json: boolean, file: string, message: string) {
  io.err(`validate: ${message}`);
  if (json) io.out(JSON.stringify({ file, valid: false, errors: [{ path: '', keyword: 'input', message }] }));
}
