import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { FIRST_DELAY_MS, LoginThrottle, MAX_DELAY_MS, MemoryAttemptStore } from './login-throttle';

const WINDOW_SECONDS = 900;

/** Waits are recorded, not slept. */
function throttleAt(clock: { now: number }, waits: number[] = []) {
  return new LoginThrottle(
    new MemoryAttemptStore(WINDOW_SECONDS * 1000),
    3,
    WINDOW_SECONDS,
    () => clock.now,
    async (ms) => void waits.push(ms),
  );
}

describe('LoginThrottle', () => {
  it('says how long to wait: until the oldest counted attempt leaves the window', async () => {
    const clock = { now: 0 };
    const throttle = throttleAt(clock);
    const attempt = { userName: 'Drita', address: '198.51.100.1' };
    for (const at of [0, 60_000, 120_000]) {
      clock.now = at;
      await throttle.admit(attempt);
    }
    clock.now = 180_000;
    const refusal = await throttle.admit(attempt).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 429, retryAfterSeconds: WINDOW_SECONDS - 180 });

    clock.now = WINDOW_SECONDS * 1000;
    await expect(throttle.admit(attempt)).resolves.toBeDefined();
  });

  it('makes each further attempt in the window wait longer before it is checked, an address as an account', async () => {
    const waits: number[] = [];
    const throttle = new LoginThrottle(
      new MemoryAttemptStore(WINDOW_SECONDS * 1000),
      10,
      WINDOW_SECONDS,
      () => 0,
      async (ms) => void waits.push(ms),
    );
    for (let attempt = 0; attempt < 4; attempt++) await throttle.admit({ userName: 'drita', address: '198.51.100.1' });
    expect(waits).toEqual([FIRST_DELAY_MS, FIRST_DELAY_MS * 2, FIRST_DELAY_MS * 4]);

    // Other names from one address: the address's count sets the wait.
    waits.length = 0;
    for (let attempt = 0; attempt < 3; attempt++)
      await throttle.admit({ userName: `name${attempt}`, address: '198.51.100.2' });
    expect(waits).toEqual([FIRST_DELAY_MS, FIRST_DELAY_MS * 2]);

    for (let attempt = 0; attempt < 6; attempt++) await throttle.admit({ userName: 'arben', address: '198.51.100.3' });
    expect(Math.max(...waits)).toBe(MAX_DELAY_MS);
  });

  it("forgets an account's failed attempts, and their waits, once it logs in", async () => {
    const waits: number[] = [];
    const throttle = throttleAt({ now: 0 }, waits);
    await throttle.admit({ userName: 'drita', address: '198.51.100.1' });
    await (await throttle.admit({ userName: 'drita', address: '198.51.100.2' })).succeeded();
    waits.length = 0;
    await throttle.admit({ userName: 'drita', address: '198.51.100.3' });
    expect(waits).toEqual([]);
  });

  it('refuses guesses sent all at once beyond the limit', async () => {
    const throttle = throttleAt({ now: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => throttle.admit({ userName: 'drita', address: '198.51.100.1' })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
  });

  it('counts an account whatever the case of its name', async () => {
    const throttle = throttleAt({ now: 0 });
    for (const [index, userName] of ['drita', 'DRITA', 'Drita'].entries()) {
      await throttle.admit({ userName, address: `198.51.100.${index}` });
    }
    await expect(throttle.admit({ userName: 'dRiTa', address: '198.51.100.9' })).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('counts an IPv6 client by its /64, which it controls whole', async () => {
    const throttle = throttleAt({ now: 0 });
    for (const [index, address] of ['2001:db8:1:2::1', '2001:db8:1:2::ff', '2001:0db8:0001:0002:aaaa::1'].entries()) {
      await throttle.admit({ userName: `user${index}`, address });
    }
    await expect(throttle.admit({ userName: 'other', address: '2001:db8:1:2:ffff::9' })).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(throttle.admit({ userName: 'other', address: '2001:db8:1:3::1' })).resolves.toBeDefined();
  });

  it('takes a successful login back from its address but keeps the others counted', async () => {
    const throttle = throttleAt({ now: 0 });
    const address = '198.51.100.7';
    await throttle.admit({ userName: 'a', address });
    await throttle.admit({ userName: 'b', address });
    const success = await throttle.admit({ userName: 'c', address });
    await success.succeeded();
    await expect(throttle.admit({ userName: 'd', address })).resolves.toBeDefined();
    await expect(throttle.admit({ userName: 'e', address })).rejects.toMatchObject({ statusCode: 429 });
  });

  it('forgets an account after it logs in', async () => {
    const throttle = throttleAt({ now: 0 });
    await throttle.admit({ userName: 'drita', address: '198.51.100.1' });
    await throttle.admit({ userName: 'drita', address: '198.51.100.2' });
    const success = await throttle.admit({ userName: 'drita', address: '198.51.100.3' });
    await success.succeeded();
    await expect(throttle.admit({ userName: 'drita', address: '198.51.100.4' })).resolves.toBeDefined();
  });
});
