import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from './app';
import type { DatabaseHandle } from './db/client';
import { users } from './db/schema/index';
import { createUser } from './test/factories';
import { openTestDatabase } from './test/test-database';
import { buildTestApp } from './test/test-app';

let database: DatabaseHandle;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(database);
  app.post('/api/test/users', { schema: { body: z.object({ userName: z.string() }) } }, async (request) => {
    await database.db.insert(users).values({ userName: request.body.userName, passwordHash: 'x' });
    return { ok: true };
  });
  app.get('/api/test/explode', async () => {
    throw new Error('secret detail: connection string postgres://user:pw@host');
  });
  app.get('/api/test/failed-download', async (_request, reply) => {
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="a.csv"');
    throw new Error('the export failed before its first row');
  });
  app.get('/api/test/busy', async () => {
    // What pg's pool raises when no connection frees up in time.
    throw new Error('timeout exceeded when trying to connect');
  });
  app.get(
    '/api/test/filter',
    { schema: { querystring: z.object({ limit: z.coerce.number().int().max(1000) }) } },
    async () => ({}),
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('error responses', () => {
  it('turn a duplicate into a 409, never a 500', async () => {
    await createUser(database.db, { userName: 'Besa' });
    const response = await app.inject({ method: 'POST', url: '/api/test/users', payload: { userName: 'BESA' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ statusCode: 409, error: 'Conflict', code: 'already_exists' });
  });

  it('hide the details of a server failure', async () => {
    const response = await app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: expect.not.stringContaining('secret'),
      code: 'internal_error',
    });
  });

  it('answer a download that fails before its first byte with a JSON error, not a file', async () => {
    const response = await app.inject({ url: '/api/test/failed-download' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toMatchObject({ code: 'internal_error' });
  });

  it('answer an exhausted connection pool with 503 and when to retry, not a 500', async () => {
    const response = await app.inject({ url: '/api/test/busy' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ code: 'try_again', retryAfterSeconds: 5 });
  });

  it('name a bad query parameter', async () => {
    const response = await app.inject({ url: '/api/test/filter?limit=5000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'limit', message: expect.stringMatching(/^limit: /) });
    const wrongType = await app.inject({ url: '/api/test/filter?limit=many' });
    expect(wrongType.json()).toMatchObject({ field: 'limit', message: expect.not.stringContaining('required') });
  });
});
