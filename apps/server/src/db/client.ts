import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { QueryCache } from './cache';
import { createPglitePool } from './pglite-pool';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type repos accept: the same on PGlite and on a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take either, so a service can run them inside its transaction. */
export type Executor = Database | Transaction;

/** The rows of `db.execute`: both drivers answer with node-postgres's `rows`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export type DatabaseHandle = {
  db: Database;
  close: () => Promise<void>;
} & (
  | { driver: 'pg' }
  | {
      driver: 'pglite';
      /**
       * The embedded database under `db`, for what only PGlite does (dumpDataDir, COPY from a Blob).
       * It is `db`'s one connection: use it only while nothing runs through `db`.
       */
      pglite: PGlite;
    }
);

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
  // A database that cannot be brought up to date is closed, so it leaves its folder unlocked.
  await applyMigrations(handle).catch(async (error: unknown) => {
    await handle.close().catch(() => undefined);
    throw error;
  });
  return handle;
}

/** Any fixed number: the advisory lock under which server instances take turns to migrate. */
const MIGRATION_LOCK = 7_263_011;

export async function applyMigrations({ db }: DatabaseHandle) {
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
    const changes = new QueryCache(target.url);
    const pool = watched(
      new pg.Pool({
        connectionString: target.url,
        max: 10,
        connectionTimeoutMillis: 5_000,
        onConnect: changes.listenOn,
      }),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const stopListening = changes.cacheReadsOf(db);
    return { db, driver: 'pg', close: () => stopListening().then(() => pool.end()) };
  }
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    const releaseLock = lockDataDir(target.dataDir);
    return embedded(new PGlite(target.dataDir, { extensions: PGLITE_EXTENSIONS }), releaseLock);
  }
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(target.from && { loadDataDir: target.from }) });
  return embedded(pglite, () => {});
}

/** An idle connection that breaks is dropped by the pool; without a listener it would crash the process. */
function watched(pool: pg.Pool) {
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  return pool;
}

/** PGlite under the same driver as the server (see createPglitePool); closing ends the pool, then PGlite. */
function embedded(pglite: PGlite, onClose: () => void): DatabaseHandle {
  const changes = new QueryCache();
  const pool = watched(createPglitePool(pglite, changes.listenOn));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  changes.cacheReadsOf(db);
  const close = async () => {
    try {
      await pool.end();
      await pglite.close();
    } finally {
      onClose();
    }
  };
  return { db, driver: 'pglite', pglite, close };
}
