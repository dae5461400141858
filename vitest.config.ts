import { availableParallelism } from 'node:os';
import { type TestProjectInlineConfiguration, configDefaults, defineConfig } from 'vitest/config';

/**
 * The project `name` twice, over the test files under `root`/src ending in `.test.<extensions>`.
 * Most share their worker's modules (`isolate: false`) instead of importing the app anew for every
 * file, 2–3 s each on a 2-core machine. A module replacement (`vi.mock`) only takes where its module
 * is imported after it, so a file that makes one is named `*.isolated.test.*` and runs in
 * `<name>-isolated`, in a module registry of its own.
 */
function sharedAndIsolated(
  name: string,
  root: string,
  extensions: string,
  config: TestProjectInlineConfiguration,
): TestProjectInlineConfiguration[] {
  const isolated = `src/**/*.isolated.test.${extensions}`;
  return [
    {
      ...config,
      root,
      test: {
        ...config.test,
        name,
        include: [`src/**/*.test.${extensions}`],
        exclude: [...configDefaults.exclude, isolated],
        isolate: false,
      },
    },
    { ...config, root, test: { ...config.test, name: `${name}-isolated`, include: [isolated], isolate: true } },
  ];
}

const serverTests = {
  environment: 'node' as const,
  // Migrates one template database per run; each test file starts from a copy of it.
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

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
      ...sharedAndIsolated('server', 'apps/server', 'ts', {
        test: { ...serverTests, env: { TEST_DB_DRIVER: 'pglite' } },
      }),
      ...(process.env.TEST_DATABASE_URL
        ? sharedAndIsolated('server-pg', 'apps/server', 'ts', {
            test: { ...serverTests, env: { TEST_DB_DRIVER: 'pg' } },
          })
        : []),
      // The rules server and page share (pure functions beside the schemas).
      ...sharedAndIsolated('contract', 'packages/contract', 'ts', { test: { environment: 'node' } }),
      // The page's own build and test settings (jsdom, setup file) from its Vite config.
      ...sharedAndIsolated('web', 'apps/web', '{ts,tsx}', { extends: './apps/web/vite.config.ts' }),
    ],
  },
});
