import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tokens ended by signing out, until they would have expired anyway: every instance refuses them.
 * `token_id` is the token's `jti` claim (or, for a token signed before it had one, a hash of the token).
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);
