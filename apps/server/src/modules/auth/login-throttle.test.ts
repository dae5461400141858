import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { LoginThrottle, MemoryFailureStore } from './login-throttle';

const WINDOW_SECONDS = 900;

function throttleAt(clock: { now: number }) {
  return new LoginThrottle(new MemoryFailureStore(WINDOW_SECONDS * 1000), 3, WINDOW_SECONDS, () => clock.now);
}

describe('LoginThrottle', () => {
  it('says how long to wait: until the oldest counted failure leaves the window', async () => {
    const clock = { now: 0 };
    const throttle = throttleAt(clock);
    const attempt = { userName: 'Drita', address: '198.51.100.1' };
    for (const at of [0, 60_000, 120_000]) {
      clock.now = at;
      await throttle.assertAllowed(attempt);
      await throttle.recordFailure(attempt);
    }
    clock.now = 180_000;
    const refusal = await throttle.assertAllowed(attempt).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 429, retryAfterSeconds: WINDOW_SECONDS - 180 });

    clock.now = WINDOW_SECONDS * 1000;
    await expect(throttle.assertAllowed(attempt)).resolves.toBeUndefined();
  });

  it('counts an account whatever the case of its name', async () => {
    const clock = { now: 0 };
    const throttle = throttleAt(clock);
    for (const [index, userName] of ['drita', 'DRITA', 'Drita'].entries()) {
      await throttle.recordFailure({ userName, address: `198.51.100.${index}` });
    }
    await expect(throttle.assertAllowed({ userName: 'dRiTa', address: '198.51.100.9' })).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('keeps counting an address after one of its accounts logs in', async () => {
    const clock = { now: 0 };
    const throttle = throttleAt(clock);
    const address = '198.51.100.7';
    for (const userName of ['a', 'b', 'c']) await throttle.recordFailure({ userName, address });
    await throttle.recordSuccess({ userName: 'c', address });
    await expect(throttle.assertAllowed({ userName: 'd', address })).rejects.toMatchObject({ statusCode: 429 });
  });
});
