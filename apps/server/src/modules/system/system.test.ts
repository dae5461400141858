import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app';
import { LISTENER_APPLICATION_NAME } from '../../db/cache';
import { type DatabaseHandle, rowsOf } from '../../db/client';
import { loggedLines } from '../../test/log-lines';
import { startTestApp, testConfig } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';

/**
 * The probes: GET /api/ready answers 503 until migrations are applied, the database answers and
 * the change listener is connected, and says which check fails; /api/health says the same checks.
 */
const onServer = process.env.TEST_DB_DRIVER === 'pg';
const everyCheck = { migrations: true, database: true, changeListener: true };
const { logger: databaseLogger, lines: databaseLines } = loggedLines();
let database: DatabaseHandle;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase(databaseLogger);
  app = await startTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const ready = () => app.inject({ url: '/api/ready' });

/** Resolves once `check` holds, asking again as soon as the event loop has turned. */
const until = (check: () => Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('not yet');
    },
    { timeout: 10_000, interval: 5 },
  );

describe('GET /api/ready', () => {
  it('answers 200 once migrations are applied, the database answers and the change listener is connected', async () => {
    await until(async () => (await ready()).statusCode === 200);
    expect((await ready()).json()).toEqual({ status: 'ready', checks: everyCheck });
  });

  it('answers 503 naming the check that fails while a migration is not applied, and 200 once it is', async () => {
    const [latest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning *`,
      ),
    );
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'not_ready',
        message: 'Not ready: database migrations are not all applied',
        checks: { ...everyCheck, migrations: false },
      });
      // Health is about answering, not readiness: it still answers, and says so.
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({
        status: 'ok',
        database: database.driver,
        checks: { ...everyCheck, migrations: false },
      });
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest!.id}, ${latest!.hash}, ${latest!.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer, as /api/health does', async () => {
    const closing = await openTestDatabase();
    const orphan = await startTestApp(closing);
    try {
      await closing.close();
      const response = await orphan.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'not_ready',
        checks: { migrations: false, database: false },
      });
      expect(response.json().message).toContain('the database does not answer');
      const health = await orphan.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ code: 'database_unavailable' });
    } finally {
      await orphan.close();
    }
  });

  describe.runIf(onServer)('on a PostgreSQL server, whose changes one more connection listens for', () => {
    const poolUrl = () => (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const databaseName = () => new URL(poolUrl()).pathname.slice(1);
    /** A statement from the server's own database, as the operator's psql would run it. */
    const asOperator = async (statement: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(statement, values);
      } finally {
        await client.end();
      }
    };

    it('answers 503 while the listener is lost, logging the loss, and 200 once it is back, logging that', async () => {
      await until(async () => (await ready()).statusCode === 200);
      // While the database takes no new connections, the listener cannot come back.
      await asOperator(`alter database ${databaseName()} allow_connections false`);
      await asOperator(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2',
        [LISTENER_APPLICATION_NAME, databaseName()],
      );
      await until(async () => (await ready()).statusCode === 503);
      expect((await ready()).json()).toMatchObject({
        code: 'not_ready',
        checks: { changeListener: false },
      });
      expect((await ready()).json().message).toContain('the database change listener is not connected');
      expect(databaseLines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'lost the connection that listens for database changes; caches are bypassed until it is back',
        }),
      );

      await asOperator(`alter database ${databaseName()} allow_connections true`);
      await until(async () => (await ready()).statusCode === 200);
      expect(databaseLines).toContainEqual(
        expect.objectContaining({
          level: 30,
          msg: expect.stringMatching(/^listening for database changes again, after [\d.]+ s$/),
        }),
      );
      // The loss was logged once, not at each attempt to come back.
      expect(databaseLines.filter((line) => line.level === 40 && line.msg.startsWith('lost'))).toHaveLength(1);
    });
  });
});

describe('request logging (LOG_REQUESTS)', () => {
  async function requestLines(logRequests: string) {
    const { logger, lines } = loggedLines('info');
    const logged = await buildApp({ config: testConfig({ LOG_REQUESTS: logRequests }), db: database, logger });
    try {
      await logged.ready();
      await logged.inject({ url: '/api/config' });
    } finally {
      await logged.close();
    }
    return lines.map((line) => line.msg);
  }

  it('logs every request and its response when true', async () => {
    expect(await requestLines('true')).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('logs none when false, the default', async () => {
    expect(testConfig().logRequests).toBe(false);
    const lines = await requestLines('false');
    expect(lines).not.toContain('incoming request');
    expect(lines).not.toContain('request completed');
  });
});
