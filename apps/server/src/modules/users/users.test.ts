import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@trashegimia/contract/common';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';
import { captchaFor } from '../../test/captcha';
import { createUser } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { startTestApp } from '../../test/test-app';

let database: DatabaseHandle;
let app: App;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;

async function tokenOf(userName: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userName, password, captcha: await captchaFor(app) },
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 200) + 1}`,
  });
  return response.json().access_token as string;
}
const as = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
  admin = await createUser(database.db, { userName: 'Arta', role: ROLE.ADMIN });
  adminToken = await tokenOf(admin.userName, admin.password);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('user accounts', () => {
  it('lets an administrator create a user who can then log in, and records who did it', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: as(adminToken),
      payload: { userName: 'studiuesi', password: 'kerkim-2026', role: ROLE.USER, createdBy: 'admin' },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({ userName: 'studiuesi', role: ROLE.USER, createdBy: 'Arta', lastLogin: null });
    expect(user).not.toHaveProperty('passwordHash');
    expect(await tokenOf('studiuesi', 'kerkim-2026')).toEqual(expect.any(String));

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(user.id)));
    expect(entry).toMatchObject({ action: 'user.create', actorId: admin.id, actorName: 'Arta' });
  });

  it('lists accounts a page at a time, without password hashes', async () => {
    await createUser(database.db);
    await createUser(database.db);
    const response = await app.inject({ url: '/api/users?page=1&limit=2&sortBy=id', headers: as(adminToken) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items).toHaveLength(2);
    expect(body.meta).toMatchObject({ page: 1, limit: 2, totalItems: expect.any(Number) });
    expect(body.meta.totalPages).toBe(Math.ceil(body.meta.totalItems / 2));
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('refuses a second account with the same name in another case', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: as(adminToken),
      payload: { userName: 'ARTA', password: 'another-password' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'user_name_taken', field: 'userName' });
  });

  it('names the field of a password that is too short', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: as(adminToken),
      payload: { userName: 'shkurt', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('password');
  });

  it('deletes an account and keeps the record of it', async () => {
    const user = await createUser(database.db);
    const response = await app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: as(adminToken) });
    expect(response.statusCode).toBe(204);
    expect(await database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(user.id)));
    expect(entry).toMatchObject({
      action: 'user.delete',
      before: expect.objectContaining({ userName: user.userName }),
    });
  });

  it('keeps an administrator from deleting their own account', async () => {
    const response = await app.inject({ method: 'DELETE', url: `/api/users/${admin.id}`, headers: as(adminToken) });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('cannot_delete_self');
  });

  it('answers an unknown or malformed id with 404 and 400', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/users/999999', headers: as(adminToken) })).statusCode).toBe(
      404,
    );
    const malformed = await app.inject({ method: 'DELETE', url: '/api/users/abc', headers: as(adminToken) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('id');
  });

  it('lets nobody but administrators in, before reading what they sent', async () => {
    const user = await createUser(database.db);
    const userToken = await tokenOf(user.userName, user.password);
    expect((await app.inject({ url: '/api/users' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/users', headers: as(userToken) })).statusCode).toBe(403);
    const anonymousCreate = await app.inject({ method: 'POST', url: '/api/users', payload: {} });
    expect(anonymousCreate.statusCode).toBe(401);
  });
});

// Last: it removes the administrator the tests above act as.
describe('the last administrator', () => {
  it('never lets two administrators deleting each other leave the back office without one', async () => {
    const [first, second] = await Promise.all([
      createUser(database.db, { role: ROLE.ADMIN }),
      createUser(database.db, { role: ROLE.ADMIN }),
    ]);
    const [firstToken, secondToken] = [
      await tokenOf(first.userName, first.password),
      await tokenOf(second.userName, second.password),
    ];
    // Leave only these two administrators.
    await database.db.delete(users).where(eq(users.id, admin.id));
    const answers = await Promise.all([
      app.inject({ method: 'DELETE', url: `/api/users/${second.id}`, headers: as(firstToken) }),
      app.inject({ method: 'DELETE', url: `/api/users/${first.id}`, headers: as(secondToken) }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(204);
    expect([401, 409]).toContain(statuses[1]);
    expect(await database.db.select().from(users).where(eq(users.role, ROLE.ADMIN))).toHaveLength(1);
  });
});
