import { tooManyRequests } from '../../errors';

/**
 * Where recent failure times are counted. This one lives in the process's memory, which is right
 * for a single instance; with more than one instance behind a load balancer the counts must be
 * shared, and a Redis implementation (a sorted set per key) replaces it (DESIGN §1).
 */
export interface FailureStore {
  /** Failure times (ms) for `key` at or after `since`, oldest first. */
  failuresSince(key: string, since: number): Promise<number[]>;
  add(key: string, at: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export class MemoryFailureStore implements FailureStore {
  readonly #failures = new Map<string, number[]>();
  #lastSweep = 0;

  constructor(private readonly windowMs: number) {}

  async failuresSince(key: string, since: number) {
    return (this.#failures.get(key) ?? []).filter((at) => at >= since);
  }

  async add(key: string, at: number) {
    this.#sweep(at);
    const recent = (this.#failures.get(key) ?? []).filter((time) => time > at - this.windowMs);
    this.#failures.set(key, [...recent, at]);
  }

  async clear(key: string) {
    this.#failures.delete(key);
  }

  /** Forget keys whose failures have all left the window, at most once per window, so memory stays bounded. */
  #sweep(now: number) {
    if (now - this.#lastSweep < this.windowMs) return;
    this.#lastSweep = now;
    for (const [key, times] of this.#failures) {
      if (times.at(-1)! <= now - this.windowMs) this.#failures.delete(key);
    }
  }
}

export type LoginAttempt = { userName: string; address: string };

/**
 * Limits failed logins per account and per client address: after `maxFailures` failures within
 * the window, further attempts are refused until the oldest of them leaves the window.
 */
export class LoginThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly maxFailures: number,
    private readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 with the seconds to wait when either the account or the address is locked out. */
  async assertAllowed(attempt: LoginAttempt): Promise<void> {
    const now = this.now();
    const since = now - this.windowSeconds * 1000;
    let waitMs = 0;
    for (const key of keysOf(attempt)) {
      const failures = await this.store.failuresSince(key, since);
      if (failures.length >= this.maxFailures) {
        const unlocksAt = failures[failures.length - this.maxFailures]! + this.windowSeconds * 1000;
        waitMs = Math.max(waitMs, unlocksAt - now);
      }
    }
    if (waitMs > 0) {
      throw tooManyRequests(Math.ceil(waitMs / 1000), 'Too many failed logins. Please try again later.');
    }
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    const now = this.now();
    await Promise.all(keysOf(attempt).map((key) => this.store.add(key, now)));
  }

  /** A successful login clears its account; the address keeps its count, so one good account cannot unlock guessing at others. */
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    await this.store.clear(accountKey(attempt.userName));
  }
}

const accountKey = (userName: string) => `account:${userName.trim().toLowerCase()}`;
const keysOf = (attempt: LoginAttempt) => [accountKey(attempt.userName), `address:${attempt.address}`];
