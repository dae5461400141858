import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const datasets = pgTable('datasets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  descriptionXk: text('description_xk'),
  descriptionEn: text('description_en'),
  descriptionSr: text('description_sr'),
  pillColor: text('pill_color'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
