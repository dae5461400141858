import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Library options keep the shape of question options without ids; they are copied on import. */
export type LibraryOption = {
  value: string;
  descriptionXk?: string | null;
  descriptionEn?: string | null;
  descriptionSr?: string | null;
  isAnother?: boolean;
};

export const questionLibrary = pgTable('question_library', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  titleXk: text('title_xk').notNull(),
  titleEn: text('title_en'),
  titleSr: text('title_sr'),
  questionType: text('question_type').notNull(),
  questionIdentifier: text('question_identifier'),
  options: jsonb('options').$type<LibraryOption[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
