import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaChallenge } from '@trashegimia/contract/auth';
import { ROLE } from '@trashegimia/contract/common';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/index';
import { captchaFor } from '../../test/captcha';
import { createUser } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { buildTestApp, startTestApp } from '../../test/test-app';
import { requireAdmin, requireUser } from './guards';

let database: DatabaseHandle;
let app: App;

/** Each test logs in from its own address, so the per-address failure count of one does not leak into another. */
let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(database);
  // Stand-ins for the guarded routes later modules add.
  app.get('/api/test/user-only', { preHandler: requireUser }, async (request) => request.auth);
  app.get('/api/test/admin-only', { preHandler: requireAdmin }, async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function login(body: Record<string, unknown>, address = nextAddress()) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: address });
}

async function loginWithCaptcha(userName: string, password: string, address = nextAddress()) {
  return login({ userName, password, captcha: await captchaFor(app) }, address);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('login', () => {
  it('gives a token, the user and the role for the right password and a solved captcha', async () => {
    const admin = await createUser(database.db, { userName: 'Drita', role: ROLE.ADMIN });
    const response = await loginWithCaptcha('drita', admin.password);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      userId: admin.id,
      role: ROLE.ADMIN,
      user: { id: admin.id, userName: 'Drita', role: ROLE.ADMIN },
    });
    const guarded = await app.inject({ url: '/api/test/admin-only', headers: bearer(body.access_token) });
    expect(guarded.statusCode).toBe(200);
  });

  it('remembers when the user last logged in', async () => {
    const user = await createUser(database.db);
    await loginWithCaptcha(user.userName, user.password);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLogin).toBeInstanceOf(Date);
  });

  it('answers a wrong password and an unknown user with the same 401 message', async () => {
    const user = await createUser(database.db);
    const wrongPassword = await loginWithCaptcha(user.userName, 'not-the-password');
    const unknownUser = await loginWithCaptcha('nobody-by-this-name', 'whatever');

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ code: 'invalid_credentials' });
    expect(unknownUser.json().message).toBe(wrongPassword.json().message);
  });

  it('answers a user name with a NUL character with a 400, not a server error', async () => {
    const response = await loginWithCaptcha('dri\u0000ta', 'whatever-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_input');
  });

  it('names the missing field', async () => {
    const noUserName = await login({ password: 'secret', captcha: 'x' });
    expect(noUserName.statusCode).toBe(400);
    expect(noUserName.json()).toMatchObject({ field: 'userName', message: 'userName is required' });

    const blankPassword = await login({ userName: 'drita', password: '', captcha: 'x' });
    expect(blankPassword.json()).toMatchObject({ field: 'password', message: 'password is required' });

    const noCaptcha = await login({ userName: 'drita', password: 'secret' });
    expect(noCaptcha.json()).toMatchObject({ statusCode: 400, field: 'captcha', message: 'captcha is required' });
  });

  it('keeps users out of the admin area', async () => {
    const user = await createUser(database.db, { role: ROLE.USER });
    const { access_token } = (await loginWithCaptcha(user.userName, user.password)).json();
    expect((await app.inject({ url: '/api/test/user-only', headers: bearer(access_token) })).statusCode).toBe(200);
    const adminOnly = await app.inject({ url: '/api/test/admin-only', headers: bearer(access_token) });
    expect(adminOnly.statusCode).toBe(403);
    expect(adminOnly.json().code).toBe('forbidden');
  });
});

describe('captcha', () => {
  it('hands out a challenge the page must not cache', async () => {
    const response = await app.inject({ url: '/api/auth/captcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', expiresAt: expect.any(Number) });
  });

  it('refuses a captcha that was not solved', async () => {
    const user = await createUser(database.db);
    const garbage = await login({ userName: user.userName, password: user.password, captcha: 'not-a-solution' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ field: 'captcha', code: 'captcha_invalid' });

    // A real solution, altered on the way: a stretched lifetime breaks our signature, another key the proof of work.
    const altered = async (
      change: (payload: { challenge: CaptchaChallenge; solution: { derivedKey: string } }) => void,
    ) => {
      const payload = JSON.parse(atob(await captchaFor(app)));
      change(payload);
      return login({ userName: user.userName, password: user.password, captcha: btoa(JSON.stringify(payload)) });
    };
    const stretched = await altered(({ challenge }) => void (challenge.parameters.expiresAt! += 3600));
    expect(stretched.json()).toMatchObject({ field: 'captcha', code: 'captcha_invalid' });
    const wrongWork = await altered(
      ({ solution }) => void (solution.derivedKey = solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'))),
    );
    expect(wrongWork.json()).toMatchObject({ field: 'captcha', code: 'captcha_invalid' });

    // What the widget sends in its test mode.
    const testMode = btoa(JSON.stringify({ challenge: null, solution: null, test: true }));
    const mocked = await login({ userName: user.userName, password: user.password, captcha: testMode });
    expect(mocked.json()).toMatchObject({ code: 'captcha_invalid' });
  });

  it('refuses an expired captcha', async () => {
    const shortLived = await startTestApp(database, { CAPTCHA_TTL_SECONDS: '1' });
    try {
      const captcha = await captchaFor(shortLived);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const response = await shortLived.inject({ method: 'POST', url: '/api/auth/guest', payload: { captcha } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'captcha', code: 'captcha_expired' });
    } finally {
      await shortLived.close();
    }
  });

  it('refuses a replayed captcha solution', async () => {
    const user = await createUser(database.db);
    const captcha = await captchaFor(app);
    const first = await login({ userName: user.userName, password: user.password, captcha });
    expect(first.statusCode).toBe(200);

    const replay = await login({ userName: user.userName, password: user.password, captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ field: 'captcha', code: 'captcha_replayed' });
  });
});

describe('failed login limit', () => {
  it('locks an account out for a while after five wrong passwords, from any address', async () => {
    const user = await createUser(database.db);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await loginWithCaptcha(user.userName, 'wrong')).statusCode).toBe(401);
    }
    // Even the right password waits, and the user name's case does not matter.
    const locked = await loginWithCaptcha(user.userName.toUpperCase(), user.password);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(locked.json()).toMatchObject({ code: 'too_many_requests', retryAfterSeconds: retryAfter });
  });

  it('limits one address trying many accounts', async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await loginWithCaptcha(`guess-${attempt}`, 'wrong', address)).statusCode).toBe(401);
    }
    const user = await createUser(database.db);
    expect((await loginWithCaptcha(user.userName, user.password, address)).statusCode).toBe(429);
    expect((await loginWithCaptcha(user.userName, user.password, nextAddress())).statusCode).toBe(200);
  });

  it('refuses guesses sent all at once beyond the limit', async () => {
    const user = await createUser(database.db);
    const address = nextAddress();
    const captchas = await Promise.all(Array.from({ length: 12 }, () => captchaFor(app)));
    const answers = await Promise.all(
      captchas.map((captcha) => login({ userName: user.userName, password: 'wrong', captcha }, address)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('forgets earlier failures of an account once it logs in', async () => {
    const user = await createUser(database.db);
    for (let attempt = 0; attempt < 4; attempt++) await loginWithCaptcha(user.userName, 'wrong');
    expect((await loginWithCaptcha(user.userName, user.password)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) await loginWithCaptcha(user.userName, 'wrong');
    expect((await loginWithCaptcha(user.userName, user.password)).statusCode).toBe(200);
  });
});

describe('challenge and guest limits', () => {
  it('answers an address that asks for too many challenges with a 429 saying when to retry', async () => {
    const ask = () => app.inject({ url: '/api/auth/captcha', remoteAddress: '192.0.2.77' });
    for (let request = 0; request < 60; request++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('guest entry', () => {
  it('gives a guest token for a solved captcha', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/guest',
      payload: { captcha: await captchaFor(app) },
    });
    expect(response.statusCode).toBe(200);
    const { access_token } = response.json();
    const whoAmI = await app.inject({ url: '/api/test/user-only', headers: bearer(access_token) });
    // A guest may browse but is not a logged-in user.
    expect(whoAmI.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/health', headers: bearer(access_token) })).statusCode).toBe(200);
  });

  it('needs a captcha', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/guest', payload: {} });
    expect(response.json()).toMatchObject({ statusCode: 400, field: 'captcha', message: 'captcha is required' });
  });
});

describe('tokens', () => {
  it('refuses a token that has expired', async () => {
    // Expiry is checked in whole seconds, so two seconds leave room to use the token once first.
    const quick = await startTestApp(database, { TOKEN_TTL_SECONDS: '2' });
    try {
      const { access_token } = (
        await quick.inject({ method: 'POST', url: '/api/auth/guest', payload: { captcha: await captchaFor(quick) } })
      ).json();
      expect((await quick.inject({ url: '/api/health', headers: bearer(access_token) })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const expired = await quick.inject({ url: '/api/health', headers: bearer(access_token) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('invalid_token');
    } finally {
      await quick.close();
    }
  });

  it('refuses a malformed or forged token', async () => {
    for (const authorization of ['Bearer not.a.token', 'Bearer', 'Basic dXNlcjpwdw==', `Bearer ${forgedToken()}`]) {
      const response = await app.inject({ url: '/api/health', headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    }
  });

  it('checks the token however the API path is spelled', async () => {
    const response = await app.inject({ url: '/%61pi/health', headers: { authorization: 'Bearer not.a.token' } });
    expect(response.statusCode).toBe(401);
  });

  it("stops a deleted account's token at once, and applies a changed role at once", async () => {
    const admin = await createUser(database.db, { role: ROLE.ADMIN });
    const token = (await loginWithCaptcha(admin.userName, admin.password)).json().access_token;
    const adminOnly = () => app.inject({ url: '/api/test/admin-only', headers: bearer(token) });
    expect((await adminOnly()).statusCode).toBe(200);

    await database.db.update(users).set({ role: ROLE.USER }).where(eq(users.id, admin.id));
    expect((await adminOnly()).statusCode).toBe(403);

    await database.db.delete(users).where(eq(users.id, admin.id));
    const gone = await adminOnly();
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe('invalid_token');
  });

  it('asks for a login on a guarded call without a token', async () => {
    const response = await app.inject({ url: '/api/test/user-only' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');
  });
});

/** A well-formed token signed with another secret. */
function forgedToken() {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = encode({ sub: '1', role: 2, iss: 'trashegimia', exp: Math.floor(Date.now() / 1000) + 60 });
  return `${encode({ alg: 'HS256' })}.${body}.${Buffer.from('not-the-signature').toString('base64url')}`;
}
