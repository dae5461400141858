import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const datasets = pgTable('datasets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The Albanian name; old clients read it as the only one. */
  name: text('name').notNull(),
  nameEn: text('name_en'),
  nameSr: text('name_sr'),
  descriptionXk: text('description_xk'),
  descriptionEn: text('description_en'),
  descriptionSr: text('description_sr'),
  pillColor: text('pill_color'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
