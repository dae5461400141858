import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/index';
import { AppError } from '../../errors';
import { ManualClock } from '../../test/manual-clock';
import { openSameDatabase, openTestDatabase } from '../../test/test-database';
import {
  DatabaseAttemptCounters,
  FIRST_DELAY_MS,
  LoginThrottle,
  MAX_CAPTCHA_LEVEL,
  MAX_DELAY_MS,
  captchaLevelFor,
} from './login-throttle';

const WINDOW_SECONDS = 900;

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(() => database?.close());

beforeEach(async () => {
  await database.db.delete(rateLimitCounters);
});

/** Counted in the test's database, on a clock that records its waits rather than sleeping them. */
function throttleOn(clock: ManualClock, maxFailures = 3, db = database.db) {
  return new LoginThrottle(
    new DatabaseAttemptCounters(db),
    'login',
    { maxFailures, windowSeconds: WINDOW_SECONDS },
    clock,
  );
}

describe('LoginThrottle', () => {
  it('says how long to wait: until the window its first counted attempt opened closes', async () => {
    const clock = new ManualClock(0);
    const throttle = throttleOn(clock);
    const attempt = { userName: 'Drita', address: '198.51.100.1' };
    // A minute apart, whatever the attempts waited.
    const moveTo = (at: number) => clock.advance(at - clock.now());
    for (const at of [0, 60_000, 120_000]) {
      moveTo(at);
      await throttle.admit(attempt);
    }
    moveTo(180_000);
    const refusal = await throttle.admit(attempt).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 429, retryAfterSeconds: WINDOW_SECONDS - 180 });

    moveTo(WINDOW_SECONDS * 1000);
    await expect(throttle.admit(attempt)).resolves.toBeDefined();
  });

  it("never locks the owner out: guesses from many addresses only raise the account's captcha work", async () => {
    const clock = new ManualClock(0);
    const throttle = throttleOn(clock);
    const levels: number[] = [];
    // 24 guesses from 8 addresses, each up to its own limit of 3.
    for (let address = 0; address < 8; address++) {
      for (let guess = 0; guess < 3; guess++)
        await throttle.admit({ userName: 'admin', address: `203.0.113.${address}` });
      levels.push(await throttle.captchaLevel('ADMIN'));
    }
    expect(levels).toEqual([1, 2, 2, 3, 3, 3, 3, 4]);

    // The owner, from an address without failures, is let through with no wait at all.
    clock.waited.length = 0;
    await expect(throttle.admit({ userName: 'admin', address: '198.51.100.200' })).resolves.toBeDefined();
    expect(clock.waited).toEqual([]);
  });

  it('raises the captcha one level per doubling of the failures, up to a cap', () => {
    expect([0, 4, 5, 9, 10, 19, 20, 39, 40, 10_000].map((attempts) => captchaLevelFor(attempts, 5))).toEqual([
      0,
      0,
      1,
      1,
      2,
      2,
      3,
      3,
      4,
      MAX_CAPTCHA_LEVEL,
    ]);
  });

  it('makes each further attempt from one address wait longer before it is checked', async () => {
    const clock = new ManualClock(0);
    const throttle = throttleOn(clock, 10);
    for (let attempt = 0; attempt < 4; attempt++) await throttle.admit({ userName: 'drita', address: '198.51.100.1' });
    expect(clock.waited).toEqual([FIRST_DELAY_MS, FIRST_DELAY_MS * 2, FIRST_DELAY_MS * 4]);

    // Other names from one address: the address's count sets the wait.
    clock.waited.length = 0;
    for (let attempt = 0; attempt < 3; attempt++)
      await throttle.admit({ userName: `name${attempt}`, address: '198.51.100.2' });
    expect(clock.waited).toEqual([FIRST_DELAY_MS, FIRST_DELAY_MS * 2]);

    for (let attempt = 0; attempt < 6; attempt++) await throttle.admit({ userName: 'arben', address: '198.51.100.3' });
    expect(Math.max(...clock.waited)).toBe(MAX_DELAY_MS);
  });

  it('where the captcha has no work to raise, makes attempts on an attacked account wait longer from every address', async () => {
    const clock = new ManualClock(0);
    const throttle = throttleOn(clock);
    for (let address = 0; address < 3; address++)
      await throttle.admit({ userName: 'drita', address: `203.0.113.${address}` });
    expect(clock.waited).toEqual([]);
    for (let address = 3; address < 6; address++) {
      await throttle.admit({ userName: 'drita', address: `203.0.113.${address}` }, { delayForAccount: true });
    }
    expect(clock.waited).toEqual([FIRST_DELAY_MS, FIRST_DELAY_MS * 2, FIRST_DELAY_MS * 4]);
  });

  it('refuses guesses sent all at once beyond the limit', async () => {
    const throttle = throttleOn(new ManualClock(0));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => throttle.admit({ userName: 'drita', address: '198.51.100.1' })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
  });

  it('counts on every instance alike: two throttles on one database allow what one does', async () => {
    const second = await openSameDatabase(database);
    try {
      const clock = new ManualClock(0);
      const instances = [throttleOn(clock), throttleOn(clock, 3, second.db)];
      const outcomes = [];
      for (let guess = 0; guess < 6; guess++) {
        outcomes.push(
          await instances[guess % 2]!.admit({ userName: 'drita', address: '198.51.100.1' }).then(
            () => 'counted',
            (error: AppError) => error.statusCode,
          ),
        );
      }
      expect(outcomes).toEqual(['counted', 'counted', 'counted', 429, 429, 429]);
    } finally {
      await second.close();
    }
  });

  it('counts an account from one address whatever the case of its name', async () => {
    const throttle = throttleOn(new ManualClock(0));
    for (const userName of ['drita', 'DRITA', 'Drita']) await throttle.admit({ userName, address: '198.51.100.9' });
    await expect(throttle.admit({ userName: 'dRiTa', address: '198.51.100.9' })).rejects.toMatchObject({
      statusCode: 429,
    });
    expect(await throttle.accountAttempts('DrItA')).toBe(3);
  });

  it('counts an IPv6 client by its /64, which it controls whole', async () => {
    const throttle = throttleOn(new ManualClock(0));
    for (const [index, address] of ['2001:db8:1:2::1', '2001:db8:1:2::ff', '2001:0db8:0001:0002:aaaa::1'].entries()) {
      await throttle.admit({ userName: `user${index}`, address });
    }
    await expect(throttle.admit({ userName: 'other', address: '2001:db8:1:2:ffff::9' })).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(throttle.admit({ userName: 'other', address: '2001:db8:1:3::1' })).resolves.toBeDefined();
  });

  it('takes a successful login back from its address but keeps the others counted', async () => {
    const throttle = throttleOn(new ManualClock(0));
    const address = '198.51.100.7';
    await throttle.admit({ userName: 'a', address });
    await throttle.admit({ userName: 'b', address });
    const success = await throttle.admit({ userName: 'c', address });
    await success.succeeded();
    await expect(throttle.admit({ userName: 'd', address })).resolves.toBeDefined();
    await expect(throttle.admit({ userName: 'e', address })).rejects.toMatchObject({ statusCode: 429 });
  });

  it("forgets an account's failed attempts, and its harder captcha, once it logs in", async () => {
    const throttle = throttleOn(new ManualClock(0));
    for (let address = 0; address < 3; address++)
      await throttle.admit({ userName: 'drita', address: `203.0.113.${address}` });
    expect(await throttle.captchaLevel('drita')).toBe(1);
    const success = await throttle.admit({ userName: 'drita', address: '198.51.100.3' });
    await success.succeeded();
    expect(await throttle.captchaLevel('drita')).toBe(0);
  });

  it('does not count a refused attempt, which tried no password', async () => {
    const throttle = throttleOn(new ManualClock(0));
    for (let attempt = 0; attempt < 6; attempt++) {
      await throttle.admit({ userName: 'drita', address: '198.51.100.1' }).catch(() => undefined);
    }
    expect(await throttle.accountAttempts('drita')).toBe(3);
  });
});

describe('DatabaseAttemptCounters', () => {
  it('deletes counters whose window has closed, at most once per interval', async () => {
    const counters = new DatabaseAttemptCounters(database.db, 60_000);
    const count = async () =>
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from rate_limit_counters`))[0]!.n;
    await counters.add([{ limitName: 'test', key: 'old' }], 0, 1000);
    await counters.add([{ limitName: 'test', key: 'recent' }], 30_000, 1000);
    // Less than an interval since this instance's clock started: nothing is pruned yet.
    expect(await count()).toBe(2);
    await counters.add([{ limitName: 'test', key: 'new' }], 60_000, 1000);
    expect(await count()).toBe(1);
  });

  it('opens a new window with the first attempt after the last one closed', async () => {
    const counters = new DatabaseAttemptCounters(database.db);
    const key = { limitName: 'test', key: 'window' };
    expect((await counters.add([key], 0, 1000))[0]).toMatchObject({ count: 1, windowEndsAt: new Date(1000) });
    expect((await counters.add([key], 999, 1000))[0]).toMatchObject({ count: 2, windowEndsAt: new Date(1000) });
    expect((await counters.add([key], 1000, 1000))[0]).toMatchObject({ count: 1, windowEndsAt: new Date(2000) });
  });
});
