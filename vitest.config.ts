import { availableParallelism } from 'node:os';
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
    // Most server tests wait on a database, a timer or a child process, so one worker more than the
    // cores keeps them busy: on two cores the default (cores − 1) took 12 minutes, three workers 7.
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { ...serverTests, name: 'server', env: { TEST_DB_DRIVER: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...serverTests, name: 'server-pg', env: { TEST_DB_DRIVER: 'pg' } } }]
        : []),
      'apps/web',
    ],
  },
});
