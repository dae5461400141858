import { sql } from 'drizzle-orm';
import { integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 1 = USER, 2 = ADMIN (spec §6). */
    role: smallint('role').notNull().default(1),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /**
     * Goes up with every password change; a token carries the value it was signed with, so changing
     * a password ends every session opened with the old one.
     */
    sessionVersion: integer('session_version').notNull().default(0),
  },
  (t) => [uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`)],
);
