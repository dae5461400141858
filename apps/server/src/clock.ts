/**
 * The time the server reads when something expires (tokens, captchas, signed URLs) or is throttled
 * (login attempts, rate limits). It is passed in (`buildApp`'s `clock`), so that tests move it on
 * instead of waiting for it.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /** Resolves once `ms` milliseconds have passed on this clock. */
  wait(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  // Read when called, not bound once, so Vitest's fake Date moves it too.
  now: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
