import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const UNIT_TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'];

// Code that reads or formats dates: its tests run a second time in another time zone.
const TOUCHES_DATES =
  /new Date\(|Date\.(now|UTC|parse)|dayjs|toLocale(Date|Time)?String|Intl\.DateTimeFormat|timeZone|getTimezoneOffset|toISOString|get(Hours|Date|Day)\(|set(Hours|Date)\(/;

// Time zones the date tests run in besides the machine's: ahead of UTC and behind it (with DST).
const OTHER_ZONES = { shanghai: 'Asia/Shanghai', 'new-york': 'America/New_York' };

function unitTestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return unitTestFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Unit test files whose test or the module beside it (foo.test.ts → foo.ts) touches dates. */
function dateTestFiles(): string[] {
  return ['src', 'tests/unit'].flatMap(unitTestFiles).filter((file) => {
    const base = file.replace(/\.test\.tsx?$/, '');
    const sources = [file, `${base}.ts`, `${base}.tsx`].filter((f) => existsSync(f));
    return sources.some((f) => TOUCHES_DATES.test(readFileSync(f, 'utf8')));
  });
}

// Time limits are generous on purpose: the suite must pass on a busy machine (two cores shared
// with other work), where a test that takes 2 s idle can take 20. A limit catches a hang, not a
// slow machine; tests that are slow by nature say so with their own, larger limit.
const BUSY = { unit: 60_000, api: 120_000, e2e: 180_000, hooks: 180_000 };
// expect.poll waits up to 1 s by default: on a busy machine a condition that holds soon can take
// longer, so every poll waits up to half a minute unless it says otherwise.
const POLL = { poll: { timeout: 30_000, interval: 100 } };

// Projects: fast unit tests (beside the code and in tests/unit); the unit tests that touch dates
// again east and west of UTC (`unit-tz-*`: a day computed in the machine's zone instead of UTC or
// the project's zone fails in one of them); the API suite, which
// scripts/test.mjs runs once per database (TEST_DATABASE_URL unset = temp SQLite files).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          expect: POLL,
          include: UNIT_TESTS,
          environment: 'node',
          testTimeout: BUSY.unit,
          hookTimeout: BUSY.hooks,
          // As the API suite: one module cache per worker (about 170 -> 107 s here).
          isolate: false,
        },
      },
      ...Object.entries(OTHER_ZONES).map(([name, zone]) => ({
        test: {
          name: `unit-tz-${name}`,
          expect: POLL,
          include: dateTestFiles(),
          environment: 'node',
          env: { TZ: zone },
          testTimeout: BUSY.unit,
          hookTimeout: BUSY.hooks,
          isolate: false,
        },
      })),
      {
        test: {
          name: 'api',
          expect: POLL,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: BUSY.api,
          hookTimeout: BUSY.hooks,
          // Each file builds its own app on its own database (a temp SQLite file, or a fresh schema
          // of the one PostgreSQL server), so two files run at once: about 40 s less on SQLite and
          // 50 s less on PostgreSQL on two cores than one at a time.
          maxWorkers: 2,
          // The files of a worker share its module cache (each still builds its own app): the app
          // is imported once per worker instead of once per file, 159 -> 67 s on SQLite and 259 ->
          // 150 s on PostgreSQL (2026-11-27, two cores). Nothing here keeps state in a module
          // between files (no module mocks; the app's caches hang off each app instance).
          isolate: false,
          // Its own worker count needs its own group when several projects run together.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Browser tests; scripts/e2e.mjs starts the server and passes E2E_BASE_URL.
        test: {
          name: 'e2e',
          expect: POLL,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: BUSY.e2e,
          hookTimeout: BUSY.hooks,
          fileParallelism: false,
        },
      },
    ],
  },
});
