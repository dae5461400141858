import { defineConfig } from 'vitest/config';

const serverTests = {
  root: 'apps/server',
  include: ['src/**/*.test.ts'],
  environment: 'node',
  // Migrates one template database per run; each test file starts from a copy of it.
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

/**
 * Server tests run on embedded PGlite always, and once more on the PostgreSQL server named by
 * TEST_DATABASE_URL when it is set, so both drivers stay identical.
 */
export default defineConfig({
  test: {
    // Most server tests wait on a database, a timer or a child process: three workers keep two cores
    // busy where the default (cores − 1) left the run at 12 minutes, 7 with three.
    maxWorkers: 3,
    projects: [
      { test: { ...serverTests, name: 'server', env: { TEST_DB_DRIVER: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...serverTests, name: 'server-pg', env: { TEST_DB_DRIVER: 'pg' } } }]
        : []),
      'apps/web',
    ],
  },
});
