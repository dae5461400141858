import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Someone without an account asking for one (issue 34): downloads and analytics need an account.
 * An administrator approves (which creates a role-1 user) or declines with a note.
 */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    institution: text('institution'),
    purpose: text('purpose').notNull(),
    /** The language the request was written in: xk, en or sr. */
    language: text('language').notNull().default('xk'),
    /** PENDING, APPROVED or DECLINED. */
    status: text('status').notNull().default('PENDING'),
    decisionNote: text('decision_note'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The account an approval created. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_requests_status_created_idx').on(t.status, t.createdAt),
    // One open request per address: a second one while the first waits is a 409.
    uniqueIndex('access_requests_pending_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
