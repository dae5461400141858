import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';

export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mac: text('mac').notNull(),
    model: text('model'),
    type: text('type'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('devices_mac_lower_key').on(sql`lower(${t.mac})`)],
);
