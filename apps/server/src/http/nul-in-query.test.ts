import { ErrorResponse } from '@trashegimia/contract/common';
import type pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

const database = await openTestDatabase();
const app = await startTestApp(database);
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Every statement sent to the database (text and parameters), through the pool or a client taken from it. */
function recordStatements(): string[] {
  const statements: string[] = [];
  const record = (args: unknown[]) => void statements.push(JSON.stringify(args));
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query.bind(pool);
  const connect = pool.connect.bind(pool);
  vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    record(args);
    return (query as (...args: unknown[]) => unknown)(...args);
  }) as pg.Pool['query']);
  vi.spyOn(pool, 'connect').mockImplementation(((...args: unknown[]) => {
    // pg's own pool.query takes a client with a callback: its statement is recorded above.
    if (args.length > 0) return (connect as (...args: unknown[]) => unknown)(...args);
    return connect().then(recordingClient);
  }) as pg.Pool['connect']);
  const recordingClient = (client: pg.PoolClient) => {
    if (vi.isMockFunction(client.query)) return client;
    const clientQuery = client.query.bind(client);
    vi.spyOn(client, 'query').mockImplementation(((...args: unknown[]) => {
      record(args);
      return (clientQuery as (...args: unknown[]) => unknown)(...args);
    }) as pg.PoolClient['query']);
    return client;
  };
  return statements;
}

afterEach(() => vi.restoreAllMocks());

describe('a NUL character in the query string', () => {
  it('is refused with a 400 naming the parameter, and the search never reaches the database', async () => {
    const statements = recordStatements();
    const marker = `nulmarker${Date.now()}`;

    // The same search without the NUL does reach the database: the recording sees it.
    const plain = await app.inject({ url: `/api/datasets?search=${marker}plain` });
    expect(plain.statusCode).toBe(200);
    expect(statements.some((statement) => statement.includes(`${marker}plain`))).toBe(true);

    const response = await app.inject({ url: `/api/datasets?search=${marker}%00x` });
    expect(response.statusCode).toBe(400);
    const body = ErrorResponse.parse(response.json());
    expect(body).toMatchObject({ code: 'invalid_input', field: 'search' });
    expect(body.message).toMatch(/search holds a NUL character/);
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['permissions-policy']).toBeDefined();
    expect(statements.filter((statement) => statement.includes(`${marker}\\u0000`))).toEqual([]);
  });

  it('is refused in a parameter name, in one of several values and in a route that does not exist', async () => {
    for (const url of ['/api/datasets?%00=1', '/api/datasets?search=a&search=b%00', '/api/no-such-route?q=%00']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(ErrorResponse.safeParse(response.json()).success, url).toBe(true);
    }
  });

  it('leaves other percent-encoded text alone', async () => {
    const response = await app.inject({ url: '/api/datasets?search=%25%2500%C3%AB' });
    expect(response.statusCode).toBe(200);
  });
});
