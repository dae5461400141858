import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { adminQuery, databaseUrl } from './global-setup';

/**
 * A fresh, migrated database for one test file, on the driver the project runs (TEST_DB_DRIVER):
 * in-memory PGlite loaded from the migrated template, or a copy of the template database on the
 * PostgreSQL server. `close` discards it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_DRIVER === 'pg') return openPostgresCopy();
  const template = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return openDatabase({ memory: true, from: template });
}

/** A database with no tables yet, migrated as on a first start. */
export async function openEmptyDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_DRIVER === 'pg') return openPostgresDatabase('template0');
  return openDatabase({ memory: true });
}

function openPostgresCopy() {
  return openPostgresDatabase(inject('pgTemplateDatabase'));
}

async function openPostgresDatabase(template: string): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${template}`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
