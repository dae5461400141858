import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateAccessRequestBody } from '@trashegimia/contract/access-requests';
import { ROLE } from '@trashegimia/contract/common';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { accessRequests, auditLog, users } from '../../db/schema/index';
import { captchaFor } from '../../test/captcha';
import { createUser } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';

/** Low, so the test reaches it; each request below comes from its own address unless it says so. */
const PER_ADDRESS_PER_HOUR = 3;

let database: DatabaseHandle;
let app: App;
let sequence = 0;
let addresses = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database, { ACCESS_REQUESTS_PER_HOUR: String(PER_ADDRESS_PER_HOUR) });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const form = (overrides: Partial<CreateAccessRequestBody> = {}) => {
  sequence += 1;
  return {
    name: 'Drita Krasniqi',
    email: `drita.krasniqi.${sequence}@example.org`,
    institution: 'Instituti Albanologjik',
    purpose: 'Hulumtim mbi kullat e Dukagjinit',
    ...overrides,
  };
};

async function submit(body: Record<string, unknown>, remoteAddress = `203.0.113.${(++addresses % 250) + 1}`) {
  return app.inject({
    method: 'POST',
    url: '/api/access-requests',
    headers: { language: 'en' },
    payload: { captcha: await captchaFor(app), ...body },
    remoteAddress,
  });
}

async function submitted(overrides: Partial<CreateAccessRequestBody> = {}) {
  const response = await submit(form(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

const auditOf = (id: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'access_request'), eq(auditLog.subjectId, String(id))));

describe('asking for an account', () => {
  it('takes a request with a solved captcha, keeps it waiting in the language it was written in, and records it', async () => {
    const body = form();
    const response = await submit(body);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(response.json()).toEqual({ id, status: 'PENDING' });

    const [row] = await database.db.select().from(accessRequests).where(eq(accessRequests.id, id));
    expect(row).toMatchObject({ ...body, status: 'PENDING', language: 'en', userId: null, decidedBy: null });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: 'access_request.create',
        actorId: null,
        after: expect.objectContaining({ email: body.email }),
      }),
    ]);
  });

  it('refuses a request without a solved captcha, naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/access-requests',
      payload: { ...form(), captcha: 'not-a-solution' },
      remoteAddress: '203.0.113.251',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'captcha' });
  });

  it('names the missing or malformed field with a 400, never a server error', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...form(), name: '   ' }, 'name'],
      [{ ...form(), email: 'not an address' }, 'email'],
      [{ ...form(), purpose: '' }, 'purpose'],
      [{ ...form(), institution: 'x'.repeat(201) }, 'institution'],
      [{ ...form(), name: 'Dri\u0000ta' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const response = await submit(body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field, field).toBe(field);
    }
  });

  it('refuses a second request from an address whose first still waits, in any case, naming the email', async () => {
    const email = `vjosa.${Date.now()}@example.org`;
    await submitted({ email });
    const again = await submit(form({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'access_request_pending', field: 'email' });
  });

  it('answers one address that sends too many requests in an hour with a 429 saying when to retry', async () => {
    const address = '198.51.100.9';
    for (let request = 0; request < PER_ADDRESS_PER_HOUR; request++) {
      expect((await submit(form(), address)).statusCode).toBe(201);
    }
    const refused = await submit(form(), address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('deciding requests', () => {
  it('shows administrators the waiting requests, newest first, filtered by status and a page at a time', async () => {
    const older = await submitted();
    const newer = await submitted();
    const response = await app.inject({
      url: '/api/access-requests?status=PENDING&limit=2',
      headers: await asAdmin(database.db),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([newer, older]);
    expect(body.meta).toMatchObject({ page: 1, limit: 2, totalItems: expect.any(Number) });
    expect(body.items.every((item: { status: string }) => item.status === 'PENDING')).toBe(true);
  });

  it('keeps the requests from users and guests', async () => {
    for (const headers of [await asUser(database.db), await asGuest(), {}]) {
      const response = await app.inject({ url: '/api/access-requests', headers });
      expect([401, 403]).toContain(response.statusCode);
    }
    const id = await submitted();
    const approval = await app.inject({
      method: 'POST',
      url: `/api/access-requests/${id}/approve`,
      headers: await asUser(database.db),
      payload: { userName: 'someone' },
    });
    expect(approval.statusCode).toBe(403);
  });

  it('approves a request into a user account that logs in with the password shown once, and records both', async () => {
    const admin = await createUser(database.db, { userName: `Arta-${Date.now()}`, role: ROLE.ADMIN });
    const adminLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: admin.userName, password: admin.password, captcha: await captchaFor(app) },
    });
    const headers = { authorization: `Bearer ${adminLogin.json().access_token}` };
    const id = await submitted();
    const userName = `drita-${Date.now()}`;

    const approved = await app.inject({
      method: 'POST',
      url: `/api/access-requests/${id}/approve`,
      headers,
      payload: { userName },
    });
    expect(approved.statusCode).toBe(200);
    const { request, user, password } = approved.json();
    expect(request).toMatchObject({ id, status: 'APPROVED', decidedBy: admin.userName, userName });
    expect(request.decidedAt).toEqual(expect.any(String));
    expect(user).toMatchObject({ userName, role: ROLE.USER, createdBy: admin.userName });
    expect(password).toMatch(/^.{24}$/);
    const [stored] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.passwordHash).not.toContain(password);

    const newLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName, password, captcha: await captchaFor(app) },
    });
    expect(newLogin.statusCode).toBe(200);
    expect(newLogin.json().user).toMatchObject({ userName, role: ROLE.USER });

    expect((await auditOf(id)).map((entry) => entry.action).sort()).toEqual([
      'access_request.approve',
      'access_request.create',
    ]);
    const [approval] = (await auditOf(id)).filter((entry) => entry.action === 'access_request.approve');
    expect(approval).toMatchObject({ actorId: admin.id, before: expect.objectContaining({ status: 'PENDING' }) });
    const [creation] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(user.id))));
    expect(creation).toMatchObject({ action: 'user.create', actorId: admin.id });
  });

  it('refuses a user name already taken, naming the field, and leaves the request waiting with no account made', async () => {
    const taken = await createUser(database.db);
    const id = await submitted();
    const response = await app.inject({
      method: 'POST',
      url: `/api/access-requests/${id}/approve`,
      headers: await asAdmin(database.db),
      payload: { userName: taken.userName.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'user_name_taken', field: 'userName' });
    const [row] = await database.db.select().from(accessRequests).where(eq(accessRequests.id, id));
    expect(row).toMatchObject({ status: 'PENDING', userId: null });
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['access_request.create']);
  });

  it('refuses a blank user name with a 400 naming it', async () => {
    const id = await submitted();
    const response = await app.inject({
      method: 'POST',
      url: `/api/access-requests/${id}/approve`,
      headers: await asAdmin(database.db),
      payload: { userName: '  ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('userName');
  });

  it('declines a request with a note, records it, and lets the same address ask again', async () => {
    const email = `ilir.${Date.now()}@example.org`;
    const id = await submitted({ email });
    const response = await app.inject({
      method: 'POST',
      url: `/api/access-requests/${id}/decline`,
      headers: await asAdmin(database.db),
      payload: { note: 'Ju lutemi shkruani qëllimin më qartë.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: 'DECLINED',
      decisionNote: 'Ju lutemi shkruani qëllimin më qartë.',
      userName: null,
    });
    const [decline] = (await auditOf(id)).filter((entry) => entry.action === 'access_request.decline');
    expect(decline).toMatchObject({ after: expect.objectContaining({ status: 'DECLINED' }) });
    expect(await submitted({ email })).toBeGreaterThan(id);
  });

  it('declines without a note', async () => {
    const id = await submitted();
    const response = await app.inject({
      method: 'POST',
      url: `/api/access-requests/${id}/decline`,
      headers: await asAdmin(database.db),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'DECLINED', decisionNote: null });
  });

  it('refuses to decide a request twice, and a request that does not exist', async () => {
    const headers = await asAdmin(database.db);
    const id = await submitted();
    await app.inject({ method: 'POST', url: `/api/access-requests/${id}/decline`, headers, payload: {} });
    const approveAfter = await app.inject({
      method: 'POST',
      url: `/api/access-requests/${id}/approve`,
      headers,
      payload: { userName: `late-${Date.now()}` },
    });
    expect(approveAfter.statusCode).toBe(409);
    expect(approveAfter.json()).toMatchObject({ code: 'access_request_decided' });
    const declineAgain = await app.inject({
      method: 'POST',
      url: `/api/access-requests/${id}/decline`,
      headers,
      payload: {},
    });
    expect(declineAgain.statusCode).toBe(409);

    const missing = await app.inject({
      method: 'POST',
      url: '/api/access-requests/999999/decline',
      headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'access_request_not_found' });
  });
});
