import type { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';

/**
 * PGlite as a node-postgres pool, so Drizzle reaches it as it reaches the server and statements
 * prepared by name (db/prepared.ts) are parsed and planned once rather than on every call. PGlite
 * is one connection, so the pool has one client: requests take turns, and a transaction keeps it
 * until it ends. The pool does not own `pglite`: close it after `pool.end()`.
 */
export function createPglitePool(pglite: PGlite, onConnect?: pg.PoolConfig['onConnect']): pg.Pool {
  const config = createPgConfig(pglite);
  // node-postgres hands a query's type parsers (`types`, which Drizzle sets on every statement) to
  // Parse as if they were parameter types; its own encoder ignores them, PGlite's fails on them.
  const parse = config.connection.parse.bind(config.connection);
  config.connection.parse = (query: object) => parse({ ...query, types: undefined });

  const pool = new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 0, onConnect });
  // pg.Pool ends the client of a statement that failed, as a server connection may be broken after
  // one. PGlite's is not, and the client replacing it shares that connection and would receive the
  // ended one's 'end' ("Connection terminated unexpectedly"): a failed statement hands it back as is.
  pool.query = (async (text: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  }) as pg.Pool['query'];
  return pool;
}
