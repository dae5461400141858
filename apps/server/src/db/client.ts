import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type repos accept: the same on PGlite and on a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take either, so a service can run them inside its transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'pg';
  close: () => Promise<void>;
};

/**
 * A PostgreSQL server, PGlite persisted in a folder, or PGlite in memory — optionally starting
 * from a dump of a migrated database (`PGlite.dumpDataDir`), which is how tests get a fresh one fast.
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; from?: Blob };

/** Resolved next to this file in src and copied beside the bundle in dist. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database and brings its schema up to date (applying only migrations it has not seen). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const handle = connect(target);
  await applyMigrations(handle);
  return handle;
}

export async function applyMigrations({ db, driver }: DatabaseHandle) {
  const migrate = driver === 'pg' ? migratePg : migratePglite;
  await migrate(db as never, { migrationsFolder });
}

function connect(target: DatabaseTarget): DatabaseHandle {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, driver: 'pg', close: () => pool.end() };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = new PGlite(target.dataDir);
  } else {
    client = new PGlite(target.from ? { loadDataDir: target.from } : {});
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, driver: 'pglite', close: () => client.close() };
}
