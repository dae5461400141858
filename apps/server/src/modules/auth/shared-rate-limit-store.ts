import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Clock, systemClock } from '../../clock';
import type { AttemptCounters } from './login-throttle';

/**
 * A store for `@fastify/rate-limit` that keeps its counts in the shared attempt counters (one
 * database table), so a route's limit holds across every instance. Each route counts apart:
 * `route:<METHOD> <url>`, keyed by the plugin's key (the client address, `request.ip`).
 */
export function sharedRateLimitStore(counters: AttemptCounters, clock: Clock = systemClock) {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly limitName = 'route',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const at = clock.now();
      counters.add([{ limitName: this.limitName, key }], at, timeWindow).then(
        ([counted]) => callback(null, { current: counted!.count, ttl: counted!.windowEndsAt.getTime() - at }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit settings, the route itself under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedRateLimitStore(undefined, `route:${String(route?.method)} ${String(route?.url)}`);
    }
  }
  return SharedRateLimitStore satisfies FastifyRateLimitStoreCtor;
}
