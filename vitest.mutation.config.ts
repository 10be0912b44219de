import { defineConfig } from 'vitest/config';

// The test run behind `npm run test:mutation` (stryker.config.mjs): the engine's unit tests only,
// as the `unit` project of vitest.config.ts runs them. Stryker runs it in its own sandbox with one
// worker per test process.
export default defineConfig({
  test: {
    include: ['src/engine/**/*.test.ts'],
    environment: 'node',
    // The initial run covers every engine test on a machine that may be busy.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
