import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pino } from 'pino';
import type { Logger } from '../logger';
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

/** Where no one listens (tests, tools), the database has nothing to say. */
const unheard = pino({ level: 'silent' });

/**
 * Opens the database and brings its schema up to date (applying only migrations it has not seen),
 * saying which it applied. `logger` also hears of lost connections and of the change listener.
 */
export async function openDatabase(target: DatabaseTarget, logger: Logger = unheard): Promise<DatabaseHandle> {
  const handle = connect(target, logger);
  // A database that cannot be brought up to date is closed, so it leaves its folder unlocked.
  const applied = await applyMigrations(handle).catch(async (error: unknown) => {
    await handle.close().catch(() => undefined);
    throw error;
  });
  logger.info(
    { migrations: applied },
    applied.length > 0
      ? `applied ${applied.length} database migration${applied.length > 1 ? 's' : ''}`
      : 'database schema already up to date',
  );
  return handle;
}

/** Any fixed number: the advisory lock under which server instances take turns to migrate. */
const MIGRATION_LOCK = 7_263_011;

/** Applies the migrations the database has not seen; returns their names. */
export async function applyMigrations({ db }: DatabaseHandle): Promise<string[]> {
  // Instances starting together migrate one after another; the later ones find nothing left to do.
  const client = await poolOf(db).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const pending = await pendingMigrationsIn(client);
    await migratePg(drizzlePg(client), { migrationsFolder });
    return pending;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** The names of the migrations this server knows that the database has not applied; none when it is up to date. */
export function pendingMigrations({ db }: DatabaseHandle): Promise<string[]> {
  return pendingMigrationsIn(poolOf(db));
}

type MigrationJournal = { entries: { when: number; tag: string }[] };
let journal: MigrationJournal | undefined;

/**
 * As drizzle's migrator decides: a migration is applied when the latest one the database recorded
 * is not older (drizzle.__drizzle_migrations.created_at holds each migration's journal time).
 */
async function pendingMigrationsIn(client: pg.Pool | pg.PoolClient): Promise<string[]> {
  journal ??= JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as MigrationJournal;
  const known = journal.entries;
  const table = await client.query<{ name: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as name",
  );
  if (!table.rows[0]?.name) return known.map((entry) => entry.tag);
  const applied = await client.query<{ latest: string | null }>(
    'select max(created_at)::text as latest from drizzle.__drizzle_migrations',
  );
  const latest = Number(applied.rows[0]?.latest ?? -1);
  return known.filter((entry) => entry.when > latest).map((entry) => entry.tag);
}

const poolOf = (db: Database) => (db as unknown as { $client: pg.Pool }).$client;

/** The extensions the migrations create (pg_trgm: text search), which PGlite loads only when told. */
const PGLITE_EXTENSIONS = { pg_trgm };

function connect(target: DatabaseTarget, logger: Logger): DatabaseHandle {
  if ('url' in target) {
    // A dead server should fail a request (and the health check) quickly rather than hang it.
    const changes = new QueryCache(logger, target.url);
    const pool = watched(
      new pg.Pool({
        connectionString: target.url,
        max: 10,
        connectionTimeoutMillis: 5_000,
        onConnect: changes.listenOn,
      }),
      logger,
    );
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const stopListening = changes.cacheReadsOf(db);
    return { db, driver: 'pg', close: () => stopListening().then(() => pool.end()) };
  }
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    const releaseLock = lockDataDir(target.dataDir);
    return embedded(new PGlite(target.dataDir, { extensions: PGLITE_EXTENSIONS }), logger, releaseLock);
  }
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(target.from && { loadDataDir: target.from }) });
  return embedded(pglite, logger, () => {});
}

/** An idle connection that breaks is dropped by the pool; without a listener it would crash the process. */
function watched(pool: pg.Pool, logger: Logger) {
  pool.on('error', (error) => logger.warn({ err: error }, 'an idle database connection was lost'));
  return pool;
}

/** PGlite under the same driver as the server (see createPglitePool); closing ends the pool, then PGlite. */
function embedded(pglite: PGlite, logger: Logger, onClose: () => void): DatabaseHandle {
  const changes = new QueryCache(logger);
  const pool = watched(createPglitePool(pglite, changes.listenOn), logger);
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
