// Mutation testing of the headless engine (`npm run test:mutation`, not part of `npm test`).
// Stryker changes one operator, condition or value at a time in src/engine and runs the engine's
// unit tests that cover it (vitest.mutation.config.ts); a change no test notices "survives" and
// points at a missing test.
//
// A subset: `npm run test:mutation -- --mutate 'src/engine/play/**/*.ts,!**/*.test.ts'` (a pattern
// given on the command line replaces the one below, so it needs its own `!**/*.test.ts`).
// Each subset keeps its own incremental file and HTML report, named after its first pattern
// (reports/mutation/play.json and play.html; the whole engine: engine.json and engine.html), so a
// subset run never throws away the whole engine's results. Delete a file or pass `--force` to
// test every mutant again.

// The `--mutate`/`-m` patterns given on the command line, if any.
function mutateArgument() {
  const args = process.argv;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--mutate' || arg === '-m') return args[i + 1];
    if (arg.startsWith('--mutate=')) return arg.slice('--mutate='.length);
  }
  return undefined;
}

// The name of a run's files: its first pattern's fixed folders below src/engine, joined by `-`
// (`src/engine/play/**/*.ts` → `play`, `src/engine/play/dice.ts` → `play-dice`); none: `engine`.
function reportName(pattern) {
  if (!pattern) return 'engine';
  const first = pattern.split(',')[0];
  const fixed = first.split('/').filter((part) => part !== '' && !/[*?[\]{}!()]/.test(part));
  const name = fixed
    .join('-')
    .replace(/^src-engine-?/, '')
    .replace(/\.tsx?$/, '')
    .replace(/[^\w-]/g, '');
  return name || 'engine';
}

const name = reportName(mutateArgument());

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'src/engine/**/*.ts',
    '!src/engine/**/*.test.ts',
    // Types only, no code to change.
    '!src/engine/**/*.d.ts',
    '!src/engine/registry/registryTypes.ts',
    // Re-exports only.
    '!src/engine/index.ts',
  ],
  // Only what the engine's tests read is copied into the sandbox.
  ignorePatterns: [
    '/*',
    '!/src',
    '/src/*',
    '!/src/engine',
    '!/schemas',
    '!/locales',
    '!/package.json',
    '!/tsconfig.json',
    '!/vitest.mutation.config.ts',
  ],
  // Each mutant runs only the tests that reached its code in the first, instrumented run.
  coverageAnalysis: 'perTest',
  // Reuses the results of mutants whose code and covering tests have not changed since the last run.
  incremental: true,
  incrementalFile: `reports/mutation/${name}.json`,
  // Two test processes on a two-core machine shared with other work.
  concurrency: 2,
  // A busy machine makes a normal run slower: room before a mutant counts as an endless loop.
  timeoutMS: 10_000,
  timeoutFactor: 3,
  dryRunTimeoutMinutes: 10,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // A score, not a gate: the README records the measured scores.
  thresholds: { high: 80, low: 60, break: null },
  tempDirName: '.stryker-tmp',
};
