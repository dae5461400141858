import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const questionGroups = pgTable('question_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  titleXk: text('title_xk'),
  titleEn: text('title_en'),
  titleSr: text('title_sr'),
  createdAt: createdAt(),
});
