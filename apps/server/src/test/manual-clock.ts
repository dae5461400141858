import type { Clock } from '../clock';

/**
 * A clock that stands still until a test moves it. Waiting on it moves it on at once, and is
 * recorded, so a throttled attempt costs the test no time.
 */
export class ManualClock implements Clock {
  /** Every wait asked of this clock, in milliseconds, in order. */
  readonly waited: number[] = [];
  #now: number;

  constructor(start = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  async wait(ms: number): Promise<void> {
    this.waited.push(ms);
    this.advance(ms);
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
