import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests (beside the code and in tests/unit) and the API suite, which
// scripts/test.mjs runs once per database (TEST_DATABASE_URL unset = temp SQLite files).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app on its own database; PostgreSQL files share one server.
          fileParallelism: false,
        },
      },
      {
        // Browser tests; scripts/e2e.mjs starts the server and passes E2E_BASE_URL.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
