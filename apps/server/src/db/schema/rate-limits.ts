import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of the login, captcha and guest limits, shared by every server instance: one row per
 * limit and key (an address, an account, an account from one address), counting the attempts of a
 * window that opened with the first of them and closes at `window_ends_at`. Rows whose window has
 * closed are pruned.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Which limit: `login:pair`, `login:address`, `login:account`, `route:GET /api/auth/captcha`, … */
    limitName: text('limit_name').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.limitName, t.key] }),
    index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt),
  ],
);
