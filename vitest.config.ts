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
    ],
  },
});
