import { isIPv6 } from 'node:net';
import { tooManyRequests } from '../../errors';

/**
 * Where recent attempt times are counted. This one lives in the process's memory, which is right
 * for a single instance; with more than one instance behind a load balancer the counts must be
 * shared, and a Redis implementation (a sorted set per key, added to and read in one MULTI)
 * replaces it (DESIGN §1).
 */
export interface AttemptStore {
  /** Records an attempt at `at` and returns, atomically with it, the times within the window, oldest first. */
  add(key: string, at: number): Promise<number[]>;
  /** Forgets one recorded attempt. */
  remove(key: string, at: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export class MemoryAttemptStore implements AttemptStore {
  readonly #attempts = new Map<string, number[]>();
  #lastSweep = 0;

  constructor(private readonly windowMs: number) {}

  // No await between reading and writing: parallel requests cannot interleave here.
  async add(key: string, at: number) {
    this.#sweep(at);
    const recent = [...(this.#attempts.get(key) ?? []).filter((time) => time > at - this.windowMs), at];
    this.#attempts.set(key, recent);
    return recent;
  }

  async remove(key: string, at: number) {
    const times = this.#attempts.get(key);
    const index = times?.indexOf(at) ?? -1;
    if (index >= 0) times!.splice(index, 1);
  }

  async clear(key: string) {
    this.#attempts.delete(key);
  }

  /** Forget keys whose attempts have all left the window, at most once per window, so memory stays bounded. */
  #sweep(now: number) {
    if (now - this.#lastSweep < this.windowMs) return;
    this.#lastSweep = now;
    for (const [key, times] of this.#attempts) {
      if ((times.at(-1) ?? 0) <= now - this.windowMs) this.#attempts.delete(key);
    }
  }
}

export type LoginAttempt = { userName: string; address: string };

/** What the caller reports once the password has been checked. */
export type AdmittedAttempt = { succeeded: () => Promise<void> };

/** The wait before the password of the second attempt in a window is checked; it doubles with each further one. */
export const FIRST_DELAY_MS = 250;
/** No attempt waits longer than this before its answer. */
export const MAX_DELAY_MS = 4000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Limits login attempts per account and per client address: an attempt is counted when it is
 * admitted, before the password is checked, so parallel guesses cannot slip past the limit. Each
 * attempt after the first in the window waits longer before it is checked (FIRST_DELAY_MS, doubling
 * up to MAX_DELAY_MS), whatever its outcome, so the wait reveals nothing; after `maxAttempts` within
 * the window further attempts are refused until the oldest leaves it. A successful login clears its
 * account and takes its own attempt back from the address.
 */
export class LoginThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly maxAttempts: number,
    private readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {}

  /** Counts the attempt, or throws 429 with the seconds to wait when the account or the address is locked out. */
  async admit(attempt: LoginAttempt): Promise<AdmittedAttempt> {
    const at = this.now();
    const keys = keysOf(attempt);
    const counted = await Promise.all(keys.map((key) => this.store.add(key, at)));
    let waitMs = 0;
    for (const times of counted) {
      if (times.length <= this.maxAttempts) continue;
      // Without this refused attempt, the lock lifts when the maxAttempts-th latest earlier attempt leaves the window.
      const earlier = times.slice(0, -1);
      const unlocksAt = earlier[earlier.length - this.maxAttempts]! + this.windowSeconds * 1000;
      waitMs = Math.max(waitMs, unlocksAt - at);
    }
    if (waitMs > 0) {
      // A refused attempt does not extend the lock-out.
      await Promise.all(keys.map((key) => this.store.remove(key, at)));
      throw tooManyRequests(Math.ceil(waitMs / 1000), 'Too many failed logins. Please try again later.');
    }
    const earlier = Math.max(...counted.map((times) => times.length - 1));
    if (earlier > 0) await this.wait(Math.min(FIRST_DELAY_MS * 2 ** (earlier - 1), MAX_DELAY_MS));
    return {
      succeeded: async () => {
        await this.store.clear(keys[0]!);
        await this.store.remove(keys[1]!, at);
      },
    };
  }
}

const accountKey = (userName: string) => `account:${userName.toLowerCase()}`;

/** One client controls a whole IPv6 /64, so IPv6 addresses are counted per /64. */
const addressKey = (address: string) => {
  if (!isIPv6(address) || address.includes('.')) return `address:${address}`;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `address:${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
};

const keysOf = (attempt: LoginAttempt) => [accountKey(attempt.userName), addressKey(attempt.address)];
