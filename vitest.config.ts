import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type TestProjectInlineConfiguration, defineConfig } from 'vitest/config';

/**
 * A project's test files under `root`/src, split by whether they replace a module (`vi.mock`).
 * The others share their worker's modules (`isolate: false`) instead of importing the app anew for
 * every file, 2–3 s each on a 2-core machine. A replacement only takes where its module is imported
 * after it, so a file that makes one runs in a module registry of its own.
 */
function testFiles(root: string, pattern: RegExp) {
  const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => path.join('src', file));
  const replacing = files.filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), 'utf8')));
  return { replacing, shared: files.filter((file) => !replacing.includes(file)) };
}

/** The project `name` twice: its files sharing their worker's modules, and those replacing one, each isolated. */
function sharedAndIsolated(
  name: string,
  root: string,
  pattern: RegExp,
  config: TestProjectInlineConfiguration,
): TestProjectInlineConfiguration[] {
  const { replacing, shared } = testFiles(root, pattern);
  return [
    { ...config, root, test: { ...config.test, name, include: shared, isolate: false } },
    ...(replacing.length > 0
      ? [{ ...config, root, test: { ...config.test, name: `${name}-isolated`, include: replacing, isolate: true } }]
      : []),
  ];
}

const serverTests = {
  environment: 'node' as const,
  // Migrates one template database per run; each test file starts from a copy of it.
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const serverTestFiles = /\.test\.ts$/;

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
      ...sharedAndIsolated('server', 'apps/server', serverTestFiles, {
        test: { ...serverTests, env: { TEST_DB_DRIVER: 'pglite' } },
      }),
      ...(process.env.TEST_DATABASE_URL
        ? sharedAndIsolated('server-pg', 'apps/server', serverTestFiles, {
            test: { ...serverTests, env: { TEST_DB_DRIVER: 'pg' } },
          })
        : []),
      // The rules server and page share (pure functions beside the schemas).
      ...sharedAndIsolated('contract', 'packages/contract', /\.test\.ts$/, { test: { environment: 'node' } }),
      // The page's own build and test settings (jsdom, setup file) from its Vite config.
      ...sharedAndIsolated('web', 'apps/web', /\.test\.tsx?$/, { extends: './apps/web/vite.config.ts' }),
    ],
  },
});
