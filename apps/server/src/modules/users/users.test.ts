import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@trashegimia/contract/common';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';
import { captchaFor } from '../../test/captcha';
import { createUser } from '../../test/factories';
import { ManualClock } from '../../test/manual-clock';
import { openTestDatabase } from '../../test/test-database';
import { startTestApp } from '../../test/test-app';
import { asGuest } from '../../test/tokens';

let database: DatabaseHandle;
let app: App;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;
/** The app's time: a throttled guess waits on it, which moves it on at once instead of taking seconds. */
const clock = new ManualClock();

async function logIn(userName: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userName, password, captcha: await captchaFor(app) },
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 200) + 1}`,
  });
}
async function tokenOf(userName: string, password: string) {
  return (await logIn(userName, password)).json().access_token as string;
}
const as = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database, {}, clock);
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

  it('refuses a password shorter than 10 characters, naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: as(adminToken),
      payload: { userName: 'shkurt', password: '123456789' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('password');
  });

  it('refuses an easy, blank-looking or name-holding password on creation, saying why, and creates nothing', async () => {
    const refusals: [string, string][] = [
      ['1234567890', 'password_too_weak'],
      ['password12', 'password_too_weak'],
      ['aaaaaaaaaa', 'password_too_weak'],
      [' '.repeat(12), 'password_blank'],
      ['Mbledhesi-2026-Prizren', 'password_contains_user_name'],
    ];
    for (const [password, code] of refusals) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/users',
        headers: as(adminToken),
        payload: { userName: 'mbledhesi', password },
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toMatchObject({ field: 'password', code });
    }
    expect(await database.db.select().from(users).where(eq(users.userName, 'mbledhesi'))).toEqual([]);
  });

  it('refuses a role other than 1 or 2, naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: as(adminToken),
      payload: { userName: 'roli', password: 'long-enough-password', role: 3 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('role');
  });

  it("lets an administrator set a new password for a user's account, which then replaces the old one", async () => {
    const user = await createUser(database.db);
    const openSession = await tokenOf(user.userName, user.password);
    const reset = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/password`,
      headers: as(adminToken),
      payload: { password: 'fjalekalim-i-ri' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await logIn(user.userName, 'fjalekalim-i-ri')).statusCode).toBe(200);
    expect((await logIn(user.userName, user.password)).statusCode).toBe(401);
    // Whoever knew the old password is logged out too, not just kept from logging in again.
    const withOldSession = await app.inject({ method: 'GET', url: '/api/datasets', headers: as(openSession) });
    expect(withOldSession.statusCode).toBe(401);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, String(user.id)), eq(auditLog.action, 'user.password_reset')));
    expect(entry).toMatchObject({ actorId: admin.id, after: { userName: user.userName } });
    expect(JSON.stringify(entry)).not.toContain('argon2');
  });

  it('refuses a reset to a short password (400 naming it) and for an unknown account (404)', async () => {
    const user = await createUser(database.db);
    const short = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/password`,
      headers: as(adminToken),
      payload: { password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('password');
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/api/users/999999/password',
      headers: as(adminToken),
      payload: { password: 'long-enough-password' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a reset to an easy or name-holding password, saying why, and keeps the user's password", async () => {
    const user = await createUser(database.db, { userName: 'Valbona' });
    for (const [password, code] of [
      ['1234567890', 'password_too_weak'],
      ['valbona-1234567', 'password_contains_user_name'],
    ]) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/password`,
        headers: as(adminToken),
        payload: { password },
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toMatchObject({ field: 'password', code });
    }
    expect((await logIn(user.userName, user.password)).statusCode).toBe(200);
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
    const calls = [
      { method: 'GET', url: '/api/users' },
      { method: 'POST', url: '/api/users', payload: { userName: 'nderhyres', password: 'long-enough-password' } },
      { method: 'PATCH', url: `/api/users/${admin.id}/password`, payload: { password: 'taken-over-password' } },
      { method: 'DELETE', url: `/api/users/${admin.id}` },
    ] as const;
    for (const [headers, status] of [
      [{}, 401],
      [await asGuest(), 403],
      [as(userToken), 403],
    ] as const) {
      for (const call of calls) {
        const response = await app.inject({ ...call, headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(status);
      }
    }
    const anonymousCreate = await app.inject({ method: 'POST', url: '/api/users', payload: {} });
    expect(anonymousCreate.statusCode).toBe(401);
    expect((await logIn(admin.userName, admin.password)).statusCode).toBe(200);
  });
});

describe("changing one's own password", () => {
  let nextAddress = 0;
  /** Each test from its own address, so wrong guesses in one never lock out another. */
  const changeOwnPassword = (token: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'PATCH',
      url: '/api/users/me/password',
      headers: as(token),
      payload,
      remoteAddress: `203.0.113.${++nextAddress}`,
    });

  it('lets a user with role 1 change their password, giving the current one, and records it', async () => {
    const user = await createUser(database.db, { role: ROLE.USER });
    const token = await tokenOf(user.userName, user.password);
    const changed = await changeOwnPassword(token, { currentPassword: user.password, newPassword: 'imi-i-ri-2026' });
    expect(changed.statusCode).toBe(200);
    expect((await logIn(user.userName, 'imi-i-ri-2026')).statusCode).toBe(200);
    expect((await logIn(user.userName, user.password)).statusCode).toBe(401);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, String(user.id)), eq(auditLog.action, 'user.password_change')));
    expect(entry).toMatchObject({ actorId: user.id });
  });

  it('ends every session opened with the old password but keeps the one that changed it, through a fresh token', async () => {
    const user = await createUser(database.db, { role: ROLE.USER });
    const onPhone = await tokenOf(user.userName, user.password);
    const onLaptop = await tokenOf(user.userName, user.password);
    const changed = await changeOwnPassword(onLaptop, { currentPassword: user.password, newPassword: 'imi-i-ri-2026' });
    const { access_token: fresh } = changed.json();

    // Any call with a token the server no longer honours is refused outright (401), not answered as anonymous.
    const call = async (token: string) =>
      (await app.inject({ method: 'GET', url: '/api/datasets', headers: as(token) })).statusCode;
    expect(await call(onPhone)).toBe(401);
    expect(await call(onLaptop)).toBe(401);
    expect(await call(fresh)).toBe(200);
    expect(await call(await tokenOf(user.userName, 'imi-i-ri-2026'))).toBe(200);
  });

  it('refuses a wrong current password with 400 naming it, and leaves the password as it was', async () => {
    const user = await createUser(database.db);
    const token = await tokenOf(user.userName, user.password);
    const wrong = await changeOwnPassword(token, { currentPassword: 'not-my-password', newPassword: 'imi-i-ri-2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', field: 'currentPassword' });
    expect((await logIn(user.userName, user.password)).statusCode).toBe(200);
  });

  it('refuses a new password that is short or the same as the current one, naming newPassword', async () => {
    const user = await createUser(database.db);
    const token = await tokenOf(user.userName, user.password);
    for (const newPassword of ['short', user.password]) {
      const response = await changeOwnPassword(token, { currentPassword: user.password, newPassword });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('newPassword');
    }
  });

  it('refuses an easy, blank-looking or name-holding new password, saying why, and keeps the old one', async () => {
    const user = await createUser(database.db, { userName: 'Besa' });
    const token = await tokenOf(user.userName, user.password);
    for (const [newPassword, code] of [
      ['password12', 'password_too_weak'],
      [`${' '.repeat(8)}ab${' '.repeat(8)}`, 'password_blank'],
      ['BESA-e-Prizrenit', 'password_contains_user_name'],
    ]) {
      const response = await changeOwnPassword(token, { currentPassword: user.password, newPassword });
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json(), newPassword).toMatchObject({ field: 'newPassword', code });
    }
    expect((await logIn(user.userName, user.password)).statusCode).toBe(200);
  });

  it('stops guessing the current password after as many wrong tries as logins allow', async () => {
    const user = await createUser(database.db);
    const token = await tokenOf(user.userName, user.password);
    const guess = (currentPassword: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/users/me/password',
        headers: as(token),
        payload: { currentPassword, newPassword: 'imi-i-ri-2026' },
        remoteAddress: '203.0.113.250',
      });
    const waitedBefore = clock.waited.length;
    for (let attempt = 1; attempt <= 5; attempt++) expect((await guess(`guess-${attempt}`)).statusCode).toBe(400);
    // Each guess after the first waited longer before the password was checked (as logins do).
    expect(clock.waited.slice(waitedBefore)).toEqual([250, 500, 1000, 2000]);
    const locked = await guess(user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toEqual(expect.any(String));
    expect((await logIn(user.userName, user.password)).statusCode).toBe(200);
  });

  it('is refused to anonymous visitors (401) and guests (403)', async () => {
    const payload = { currentPassword: 'whatever-it-is', newPassword: 'imi-i-ri-2026' };
    expect((await app.inject({ method: 'PATCH', url: '/api/users/me/password', payload })).statusCode).toBe(401);
    const guest = await app.inject({
      method: 'PATCH',
      url: '/api/users/me/password',
      headers: await asGuest(),
      payload,
    });
    expect(guest.statusCode).toBe(403);
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
