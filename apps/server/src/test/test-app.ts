import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BuildAppOptions } from '../app';
import type { Clock } from '../clock';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';

/** Cheap captchas, a fixed secret, quiet logs, no web build: fast and independent of the machine. */
const TEST_ENVIRONMENT = {
  JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
  CAPTCHA_COST: '1',
  LOG_LEVEL: 'silent',
  // Nothing is written there: the secret is given and the database is the test's own.
  DATA_DIR: path.join(tmpdir(), 'trashegimia-test-data'),
  SEED_DEMO: 'false',
  WEB_DIST_DIR: path.join(tmpdir(), 'trashegimia-no-web-build'),
} as const;

export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({ ...TEST_ENVIRONMENT, ...overrides });
}

/** What a test may hand the app instead of what it makes itself. */
type GivenParts = Pick<BuildAppOptions, 'assetViews'>;

/**
 * The real app on the given database, not yet ready, so a test may add routes. Environment
 * overrides adjust the config; a `clock` (test/manual-clock.ts) lets the test move time on.
 */
export function buildTestApp(
  database: DatabaseHandle,
  overrides: Record<string, string> = {},
  clock?: Clock,
  parts: GivenParts = {},
) {
  return buildApp({ config: testConfig(overrides), db: database, clock, ...parts });
}

/** The real app on the given database, ready for `app.inject`. */
export async function startTestApp(
  database: DatabaseHandle,
  overrides: Record<string, string> = {},
  clock?: Clock,
  parts: GivenParts = {},
) {
  const app = await buildTestApp(database, overrides, clock, parts);
  await app.ready();
  return app;
}
