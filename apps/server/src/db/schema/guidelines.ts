import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

export const guidelines = pgTable('guidelines', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  path: text('path').notNull(),
  /** pdf | word | doc */
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
