import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaptchaChallenge } from '@trashegimia/contract/auth';
import { ROLE } from '@trashegimia/contract/common';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/index';
import { revokedTokens } from '../../db/schema/index';
import { captchaFor, fetchChallenge, solveCaptcha } from '../../test/captcha';
import { createUser } from '../../test/factories';
import { ManualClock } from '../../test/manual-clock';
import { openSameDatabase, openTestDatabase } from '../../test/test-database';
import { buildTestApp, startTestApp } from '../../test/test-app';
import { requireAdmin, requireUser } from './guards';
import { FIRST_DELAY_MS } from './login-throttle';

let database: DatabaseHandle;
let app: App;
/** The app's time: a throttled login waits on it, which moves it on at once instead of taking seconds. */
const clock = new ManualClock();

/** Each test logs in from its own address, so the per-address failure count of one does not leak into another. */
let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(database, {}, clock);
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

/** With the challenge for this account, as the login page asks for it (harder while the account is under attack). */
async function loginWithAccountCaptcha(userName: string, password: string, address = nextAddress()) {
  return login({ userName, password, captcha: await captchaFor(app, userName) }, address);
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

  it('refuses a captcha once it has expired', async () => {
    const ownClock = new ManualClock();
    const shortLived = await startTestApp(database, { CAPTCHA_TTL_SECONDS: '60' }, ownClock);
    try {
      const enter = (captcha: string) =>
        shortLived.inject({ method: 'POST', url: '/api/auth/guest', payload: { captcha } });
      const [inTime, late] = [await captchaFor(shortLived), await captchaFor(shortLived)];
      ownClock.advance(59_000);
      expect((await enter(inTime)).statusCode).toBe(200);
      ownClock.advance(2_000);
      const response = await enter(late);
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
  it('locks out the address that made five wrong guesses at an account, whatever the case of its name', async () => {
    const user = await createUser(database.db);
    const address = nextAddress();
    const waitedBefore = clock.waited.length;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await loginWithCaptcha(user.userName, 'wrong', address)).statusCode).toBe(401);
    }
    // Each guess after the first waited longer before its password was checked.
    expect(clock.waited.slice(waitedBefore)).toEqual([1, 2, 4, 8].map((doubling) => doubling * FIRST_DELAY_MS));
    // Even the right password waits there, and the user name's case does not matter.
    const locked = await login(
      { userName: user.userName.toUpperCase(), password: user.password, captcha: await captchaFor(app, user.userName) },
      address,
    );
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(locked.json()).toMatchObject({ code: 'too_many_requests', retryAfterSeconds: retryAfter });
  });

  it("never locks the owner out: others' guesses from many addresses only make the account's captcha harder", async () => {
    const admin = await createUser(database.db, { role: ROLE.ADMIN });
    // Six guesses from each of three addresses: the sixth from each is refused, as is any from there.
    for (let address = 0; address < 3; address++) {
      const attacker = nextAddress();
      const answers = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        answers.push((await loginWithAccountCaptcha(admin.userName, 'guess', attacker)).statusCode);
      }
      expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    }

    // The owner's page asks for the account's challenge, which now takes more work…
    const usual = await fetchChallenge(app);
    const harder = await fetchChallenge(app, admin.userName);
    expect(harder.parameters.cost).toBeGreaterThan(usual.parameters.cost);
    // …and a solution of the usual work is not enough for this account: solve its own.
    const tooEasy = await loginWithCaptcha(admin.userName, admin.password);
    expect(tooEasy.statusCode).toBe(400);
    expect(tooEasy.json()).toMatchObject({ field: 'captcha', code: 'captcha_harder' });

    // From an address without failures, the right password passes at once.
    const owner = await login({
      userName: admin.userName,
      password: admin.password,
      captcha: await solveCaptcha(harder),
    });
    expect(owner.statusCode).toBe(200);
    // Logging in ends the account's harder captcha.
    expect((await fetchChallenge(app, admin.userName)).parameters.cost).toBe(usual.parameters.cost);
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

  it('names a bad user name for the challenge with a 400, not a server error', async () => {
    const response = await app.inject({ url: '/api/auth/captcha', query: { userName: 'dri\u0000ta' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'userName' });
  });
});

describe('limits across server instances', () => {
  let second: DatabaseHandle;
  let other: App;

  beforeAll(async () => {
    // A second instance: its own app, and on PostgreSQL its own connection pool, on the one database
    // and the one time.
    second = await openSameDatabase(database);
    other = await startTestApp(second, {}, clock);
  });

  afterAll(async () => {
    await other?.close();
    await second?.close();
  });

  it('let two instances allow exactly the five wrong guesses at an account that one allows', async () => {
    const user = await createUser(database.db);
    const address = nextAddress();
    const answers = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const instance = attempt % 2 === 0 ? app : other;
      // The challenge for this account, as the login page asks for it: harder once it has failures.
      const captcha = await captchaFor(instance, user.userName);
      answers.push((await login({ userName: user.userName, password: 'wrong', captcha }, address)).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('count challenges and guest tokens per address across instances', async () => {
    const ask = (instance: App) => instance.inject({ url: '/api/auth/captcha', remoteAddress: '192.0.2.78' });
    for (let request = 0; request < 60; request++) expect((await ask(request % 2 ? app : other)).statusCode).toBe(200);
    expect((await ask(app)).statusCode).toBe(429);
    expect((await ask(other)).statusCode).toBe(429);

    const captchas = await Promise.all(Array.from({ length: 61 }, (_, index) => captchaFor(index % 2 ? app : other)));
    const guests = [];
    for (const [index, captcha] of captchas.entries()) {
      const instance = index % 2 ? app : other;
      guests.push(
        (
          await instance.inject({
            method: 'POST',
            url: '/api/auth/guest',
            payload: { captcha },
            remoteAddress: '192.0.2.79',
          })
        ).statusCode,
      );
    }
    expect(guests.filter((status) => status === 200)).toHaveLength(60);
    expect(guests.at(-1)).toBe(429);
  });

  it("end a signed-out token on every instance, a guest's as an account's", async () => {
    const user = await createUser(database.db);
    const account = (await loginWithCaptcha(user.userName, user.password)).json().access_token;
    const guest = (
      await app.inject({ method: 'POST', url: '/api/auth/guest', payload: { captcha: await captchaFor(app) } })
    ).json().access_token;
    for (const token of [account, guest]) {
      // Both instances accept it, and remember it as verified…
      expect((await other.inject({ url: '/api/health', headers: bearer(token) })).statusCode).toBe(200);
      const signedOut = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(signedOut.statusCode).toBe(204);
      // …yet neither accepts it once it is signed out on one: that one at once, the other once the
      // database's notification of the sign-out reaches it, a moment later.
      const refused = async (instance: App) => {
        const after = await instance.inject({ url: '/api/health', headers: bearer(token) });
        expect(after.statusCode).toBe(401);
        expect(after.json().code).toBe('invalid_token');
      };
      await refused(app);
      await vi.waitFor(() => refused(other), { timeout: 5_000, interval: 5 });
    }
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
  it('refuses a token once it has expired, whether it was verified before or not', async () => {
    const ownClock = new ManualClock();
    const quick = await startTestApp(database, { TOKEN_TTL_SECONDS: '60' }, ownClock);
    try {
      const guestToken = async () =>
        (
          await quick.inject({ method: 'POST', url: '/api/auth/guest', payload: { captcha: await captchaFor(quick) } })
        ).json().access_token as string;
      const health = (token: string) => quick.inject({ url: '/api/health', headers: bearer(token) });
      // One is verified, and so remembered, before it expires; the other is first seen after.
      const [used, unused] = [await guestToken(), await guestToken()];
      expect((await health(used)).statusCode).toBe(200);
      ownClock.advance(59_000);
      expect((await health(used)).statusCode).toBe(200);
      ownClock.advance(2_000);
      for (const token of [used, unused]) {
        const expired = await health(token);
        expect(expired.statusCode).toBe(401);
        expect(expired.json().code).toBe('invalid_token');
      }
    } finally {
      await quick.close();
    }
  });

  it('refuses a malformed or forged token, or a good one with anything after it', async () => {
    const good = (
      await app.inject({ method: 'POST', url: '/api/auth/guest', payload: { captcha: await captchaFor(app) } })
    ).json().access_token;
    expect((await app.inject({ url: '/api/health', headers: bearer(good) })).statusCode).toBe(200);
    for (const authorization of [
      'Bearer not.a.token',
      'Bearer',
      'Basic dXNlcjpwdw==',
      `Bearer ${forgedToken()}`,
      `Bearer ${good} junk`,
      `Bearer ${good},other`,
      `Bearer\t${good}`,
      `Token ${good}`,
    ]) {
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

describe('sign-out', () => {
  afterEach(() => vi.restoreAllMocks());

  const logout = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/logout', headers });

  it('asks for a session to end', async () => {
    const response = await logout();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');
  });

  it('ends only the token it was called with, which cannot sign out twice', async () => {
    const user = await createUser(database.db);
    const first = (await loginWithCaptcha(user.userName, user.password)).json().access_token;
    const second = (await loginWithCaptcha(user.userName, user.password)).json().access_token;
    expect((await logout(bearer(first))).statusCode).toBe(204);
    expect((await logout(bearer(first))).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/test/user-only', headers: bearer(second) })).statusCode).toBe(200);
  });

  it('asks the database whether a token was signed out once, and again only after revoked_tokens changed', async () => {
    const user = await createUser(database.db);
    const token = (await loginWithCaptcha(user.userName, user.password)).json().access_token;
    const health = () => app.inject({ url: '/api/health', headers: bearer(token) });
    const revocationReads = countRevocationReads();
    // On a server, answers are kept once the connection hearing other instances' changes listens.
    await vi.waitFor(
      async () => {
        const before = revocationReads();
        expect((await health()).statusCode).toBe(200);
        expect(revocationReads()).toBe(before);
      },
      { timeout: 5_000, interval: 5 },
    );
    const warm = revocationReads();
    for (let call = 0; call < 5; call++) expect((await health()).statusCode).toBe(200);
    expect(revocationReads()).toBe(warm);

    // Signed out straight in the database, not through the route: the trigger's notification reaches
    // the connection that made the change before the insert is done, so the very next call asks again.
    const { jti, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      jti: string;
      exp: number;
    };
    await database.db.insert(revokedTokens).values({ tokenId: jti, expiresAt: new Date(exp * 1000) });
    const signedOut = revocationReads();
    const after = await health();
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('invalid_token');
    expect(revocationReads()).toBe(signedOut + 1);
  });

  it('forgets signed-out tokens once they have expired anyway', async () => {
    const expired = new Date(Date.now() - 1000);
    await database.db.insert(revokedTokens).values({ tokenId: 'expired-before-this-test', expiresAt: expired });
    // A fresh instance prunes on its first sign-out.
    const fresh = await startTestApp(database);
    try {
      const guest = (
        await fresh.inject({ method: 'POST', url: '/api/auth/guest', payload: { captcha: await captchaFor(fresh) } })
      ).json().access_token;
      expect((await fresh.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(guest) })).statusCode).toBe(
        204,
      );
    } finally {
      await fresh.close();
    }
    const left = await database.db
      .select()
      .from(revokedTokens)
      .where(eq(revokedTokens.tokenId, 'expired-before-this-test'));
    expect(left).toEqual([]);
  });
});

/** How many statements reading revoked_tokens the app has sent since this was called. */
function countRevocationReads(): () => number {
  let reads = 0;
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    if (JSON.stringify(args[0]).includes('revoked_tokens')) reads++;
    return query(...args);
  }) as pg.Pool['query']);
  return () => reads;
}

/** A well-formed token signed with another secret. */
function forgedToken() {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = encode({ sub: '1', role: 2, iss: 'trashegimia', exp: Math.floor(Date.now() / 1000) + 60 });
  return `${encode({ alg: 'HS256' })}.${body}.${Buffer.from('not-the-signature').toString('base64url')}`;
}
