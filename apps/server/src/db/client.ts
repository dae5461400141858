import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ConfigError } from '../config';
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

/** Any fixed number: the advisory lock under which server instances take turns to migrate. */
const MIGRATION_LOCK = 7_263_011;

export async function applyMigrations({ db, driver }: DatabaseHandle) {
  if (driver === 'pglite') {
    await migratePglite(db as never, { migrationsFolder });
    return;
  }
  // Instances starting together migrate one after another; the later ones find nothing left to do.
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** The extensions the migrations create (pg_trgm: text search), which PGlite loads only when told. */
const PGLITE_EXTENSIONS = { pg_trgm };

function connect(target: DatabaseTarget): DatabaseHandle {
  if ('url' in target) {
    // A dead server should fail a request (and the health check) quickly rather than hang it.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection that breaks is dropped by the pool; without a listener it would crash the process.
    pool.on('error', (error) => console.error('database connection lost:', error.message));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, driver: 'pg', close: () => pool.end() };
  }
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    const releaseLock = lockDataDir(target.dataDir);
    const client = new PGlite(target.dataDir, { extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return { db, driver: 'pglite', close: () => client.close().finally(releaseLock) };
  }
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(target.from && { loadDataDir: target.from }) });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, driver: 'pglite', close: () => client.close() };
}

/**
 * PGlite's files are one process's alone: a second server on the same folder would corrupt them.
 * The lock names its process, so one left behind by a crash is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'trashegimia.lock');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (holder !== process.pid && isRunning(holder)) {
      throw new ConfigError(
        `DATA_DIR: the database folder ${dataDir} is in use by another server (process ${holder}).`,
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

function isRunning(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
