import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createScratchDatabase } from '../db/scratch-database';
import type { Logger } from '../logger';

/**
 * A fresh, migrated database for one test file, on the driver the project runs (TEST_DB_DRIVER):
 * in-memory PGlite loaded from the migrated template, or a copy of the template database on the
 * PostgreSQL server. `close` discards it. `logger` hears what the database layer says.
 */
export async function openTestDatabase(logger?: Logger): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_DRIVER === 'pg') return openPostgresCopy(logger);
  const template = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return openDatabase({ memory: true, from: template }, logger);
}

/** A database with no tables yet, migrated as on a first start. */
export async function openEmptyDatabase(logger?: Logger): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_DRIVER === 'pg') return openPostgresDatabase('template0', logger);
  return openDatabase({ memory: true }, logger);
}

/**
 * The same database opened again, as a second server instance opens it: through its own pool on
 * PostgreSQL; on PGlite, which one process can open only once, through the same handle. Closing it
 * leaves the database to the first handle.
 */
export async function openSameDatabase(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (handle.driver === 'pglite') return { ...handle, close: async () => {} };
  const { connectionString } = (handle.db as unknown as { $client: { options: { connectionString: string } } }).$client
    .options;
  return openDatabase({ url: connectionString });
}

function openPostgresCopy(logger?: Logger) {
  return openPostgresDatabase(inject('pgTemplateDatabase'), logger);
}

async function openPostgresDatabase(template: string, logger?: Logger): Promise<DatabaseHandle> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, { prefix: 'test', template });
  const handle = await openDatabase({ url: scratch.url }, logger);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
