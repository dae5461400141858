import { isIPv6 } from 'node:net';
import { type Clock, systemClock } from '../../clock';
import type { Executor } from '../../db/client';
import { tooManyRequests } from '../../errors';
import {
  type CounterKey,
  type CounterState,
  countAttempts,
  deleteClosedCounters,
  deleteCounters,
  readAttempts,
  uncountAttempt,
} from './auth.repo';

/**
 * Where attempts are counted: in the database every instance shares, so N instances allow exactly
 * what one does (docs/decisions/0004).
 */
export interface AttemptCounters {
  /** Counts one attempt on each counter at once and returns their counts in their windows. */
  add(counters: readonly CounterKey[], at: number, windowMs: number): Promise<CounterState[]>;
  /** The counter's count in its open window, without counting anything. */
  read(counter: CounterKey, at: number): Promise<number>;
  /** Takes one attempt back from each counter. */
  remove(counters: readonly CounterKey[], at: number): Promise<void>;
  clear(counters: readonly CounterKey[]): Promise<void>;
}

/** How often an instance deletes the counters whose window has closed. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** The counters as rows of rate_limit_counters, counted with one atomic upsert per attempt. */
export class DatabaseAttemptCounters implements AttemptCounters {
  #lastPrune = 0;

  constructor(
    private readonly db: Executor,
    private readonly pruneEveryMs = PRUNE_EVERY_MS,
  ) {}

  async add(counters: readonly CounterKey[], at: number, windowMs: number) {
    const counted = await countAttempts(this.db, counters, new Date(at), windowMs);
    await this.#pruneClosed(at);
    // The statement returns its rows in no promised order.
    return counters.map(({ limitName, key }) => counted.find((row) => row.limitName === limitName && row.key === key)!);
  }

  read(counter: CounterKey, at: number) {
    return readAttempts(this.db, counter, new Date(at));
  }

  remove(counters: readonly CounterKey[], at: number) {
    return uncountAttempt(this.db, counters, new Date(at));
  }

  clear(counters: readonly CounterKey[]) {
    return deleteCounters(this.db, counters);
  }

  /** A closed window's row only waits to be replaced; rows of addresses that never come back go here. */
  async #pruneClosed(at: number) {
    if (at - this.#lastPrune < this.pruneEveryMs) return;
    this.#lastPrune = at;
    await deleteClosedCounters(this.db, new Date(at));
  }
}

export type LoginAttempt = { userName: string; address: string };

/** An attempt let through to its password check. */
export type AdmittedAttempt = {
  /**
   * The captcha work this attempt needed (see `captchaLevel`), judged by the account's attempts
   * counted before it.
   */
  captchaLevel: number;
  /** Reports that the password was right. */
  succeeded: () => Promise<void>;
  /** Takes the attempt back when it is refused before its password is checked. */
  withdraw: () => Promise<void>;
};

export type ThrottleLimits = {
  /** Failed attempts allowed per account from one address, and per address, within the window. */
  maxFailures: number;
  windowSeconds: number;
};

/** The wait before the password of the second attempt in a window is checked; it doubles with each further one. */
export const FIRST_DELAY_MS = 250;
/** No attempt waits longer than this before its answer. */
export const MAX_DELAY_MS = 4000;
/** The captcha of an account under attack costs at most 2^this times the usual work. */
export const MAX_CAPTCHA_LEVEL = 4;

/** The wait before the password of an attempt with `earlier` attempts before it is checked. */
const delayAfter = (earlier: number) => (earlier > 0 ? Math.min(FIRST_DELAY_MS * 2 ** (earlier - 1), MAX_DELAY_MS) : 0);

/**
 * Limits password guesses without letting anyone lock another person out.
 *
 * - **Per account and address** (the pair) and **per address**: hard limits. After `maxFailures`
 *   within the window, further attempts from that address get 429 until its window closes. An
 *   attempt is counted when it is admitted, before the password is checked, so guesses sent in
 *   parallel cannot slip past; each further attempt in the window waits longer before it is checked
 *   (FIRST_DELAY_MS, doubling up to MAX_DELAY_MS), whatever its outcome, so the wait reveals nothing.
 * - **Per account**, from every address: never a refusal, which anyone could trigger against
 *   anyone. Past `maxFailures` the account's captcha costs more work (`captchaLevel`), or, where the
 *   captcha has no difficulty to raise, each attempt waits longer (`delayForAccount`).
 *
 * An address without failures therefore logs in with the right password at once, however many
 * guesses others made. A successful login clears its account and pair, and takes its own attempt
 * back from the address.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: AttemptCounters,
    /** Names this throttle's counters apart from other throttles' (`login`, `password_change`). */
    private readonly name: string,
    private readonly limits: ThrottleLimits,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The account's attempts in its window, from every address. */
  accountAttempts(userName: string): Promise<number> {
    return this.counters.read(this.#accountCounter(userName), this.clock.now());
  }

  /**
   * How much harder the captcha of the account's next attempt is: 0 (the usual work) until it has
   * had `maxFailures` attempts in its window, then one level (twice the work) for each doubling of
   * them, up to MAX_CAPTCHA_LEVEL.
   */
  async captchaLevel(userName: string): Promise<number> {
    return captchaLevelFor(await this.accountAttempts(userName), this.limits.maxFailures);
  }

  /**
   * Counts the attempt, or throws 429 with the seconds to wait when this address has used up its
   * attempts (for this account, or at all). `delayForAccount` also makes it wait for the account's
   * attempts from every address beyond `maxFailures`.
   */
  async admit(attempt: LoginAttempt, options: { delayForAccount?: boolean } = {}): Promise<AdmittedAttempt> {
    const at = this.clock.now();
    const windowMs = this.limits.windowSeconds * 1000;
    const account = this.#accountCounter(attempt.userName);
    const address = { limitName: `${this.name}:address`, key: addressKey(attempt.address) };
    const pair = { limitName: `${this.name}:pair`, key: `${account.key} ${address.key}` };
    const all = [pair, address, account];
    const [pairCount, addressCount, accountCount] = await this.counters.add(all, at, windowMs);

    const refusedUntil = Math.max(
      ...[pairCount!, addressCount!]
        .filter((counter) => counter.count > this.limits.maxFailures)
        .map((counter) => counter.windowEndsAt.getTime()),
    );
    if (refusedUntil > at) {
      // A refused attempt tried no password: it counts for nothing.
      await this.counters.remove(all, at);
      throw tooManyRequests(Math.ceil((refusedUntil - at) / 1000), 'Too many failed logins. Please try again later.');
    }

    const earlierHere = Math.max(pairCount!.count, addressCount!.count) - 1;
    const earlierOnAccount = accountCount!.count - 1;
    const accountWait =
      options.delayForAccount && earlierOnAccount >= this.limits.maxFailures
        ? delayAfter(earlierOnAccount - this.limits.maxFailures + 1)
        : 0;
    const waitMs = Math.max(delayAfter(earlierHere), accountWait);
    if (waitMs > 0) await this.clock.wait(waitMs);
    return {
      captchaLevel: captchaLevelFor(earlierOnAccount, this.limits.maxFailures),
      succeeded: async () => {
        await Promise.all([this.counters.clear([pair, account]), this.counters.remove([address], at)]);
      },
      withdraw: () => this.counters.remove(all, at),
    };
  }

  #accountCounter(userName: string): CounterKey {
    return { limitName: `${this.name}:account`, key: userName.toLowerCase() };
  }
}

export function captchaLevelFor(attempts: number, maxFailures: number): number {
  if (attempts < maxFailures) return 0;
  return Math.min(MAX_CAPTCHA_LEVEL, Math.floor(Math.log2(attempts / maxFailures)) + 1);
}

/** One client controls a whole IPv6 /64, so IPv6 addresses are counted per /64. */
const addressKey = (address: string) => {
  if (!isIPv6(address) || address.includes('.')) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
};
