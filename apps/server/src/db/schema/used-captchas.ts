import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Solved captcha challenges, kept until they expire so a solution cannot be replayed on any instance. */
export const usedCaptchas = pgTable('used_captchas', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
