import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { dumpFunctionDefinitions, functionsFile, regenerateFunctionsCommand } from './function-definitions';

/**
 * functions.sql is where a developer reads what the triggers do today instead of replaying every
 * migration. Left behind by a migration, it would show them logic the database no longer runs, and
 * a change based on it would undo the newer one. On PostgreSQL too, so the file holds for both drivers.
 */
describe('functions.sql', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('holds the functions and triggers the migrations leave', async () => {
    expect(
      await dumpFunctionDefinitions(database.db),
      `apps/server/src/db/functions.sql is out of date with the migrations: run \`${regenerateFunctionsCommand}\` and commit it`,
    ).toBe(readFileSync(functionsFile, 'utf8'));
  });
});
