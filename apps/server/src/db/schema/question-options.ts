import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { questions } from './questions';

export const questionOptions = pgTable(
  'question_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    optionOrder: integer('option_order').notNull().default(0),
    descriptionXk: text('description_xk'),
    descriptionEn: text('description_en'),
    descriptionSr: text('description_sr'),
    /** Skip logic: CONTINUE | NEXT_QUESTION | END_SURVEY or none. */
    validateType: text('validate_type'),
    toQuestionNr: text('to_question_nr'),
    disclaimerXk: text('disclaimer_xk'),
    disclaimerEn: text('disclaimer_en'),
    disclaimerSr: text('disclaimer_sr'),
    /** The option is offered only when this question's answer equals conditionalParentQuestionValue. */
    conditionalParentQuestionId: integer('conditional_parent_question_id').references(() => questions.id, {
      onDelete: 'set null',
    }),
    conditionalParentQuestionValue: text('conditional_parent_question_value'),
    /** 'Other': the answer carries free text in value2. */
    isAnother: boolean('is_another').notNull().default(false),
    /** Soft delete keeps the meaning of answers that still point here. */
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [index('question_options_question_idx').on(t.questionId, t.optionOrder)],
);
