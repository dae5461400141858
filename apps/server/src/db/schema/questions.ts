import { type AnyPgColumn, boolean, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { questionGroups } from './question-groups';
import { surveys } from './surveys';

export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => questions.id, { onDelete: 'cascade' }),
    /** Dotted number such as 1.2.3; sorted numerically by segment. */
    questionNr: text('question_nr').notNull(),
    questionOrder: integer('question_order').notNull().default(0),
    /** CHAPTER | GROUP | PARENT */
    questionCategory: text('question_category').notNull(),
    /** TEXT | MULTIPLE_CHOICE | SINGLE_CHOICE | DROPDOWN | SELECT_AND_TEXT | NUMBER | DATE; none for CHAPTER and GROUP. */
    questionType: text('question_type'),
    titleXk: text('title_xk'),
    titleEn: text('title_en'),
    titleSr: text('title_sr'),
    /** Helps the collector answer: shown under the title. */
    hintXk: text('hint_xk'),
    hintEn: text('hint_en'),
    hintSr: text('hint_sr'),
    /** A collector must answer it unless skip logic passes it by. */
    required: boolean('required').notNull().default(false),
    /** ASSET_NAME, MUNICIPALITY_NAME, VILLAGE_NAME, ASSET_TYPE, USABILITY, ACCESS, RISK_LEVEL, SIMPLE_QUESTION or none. */
    questionIdentifier: text('question_identifier'),
    limMin: text('lim_min'),
    limMax: text('lim_max'),
    questionGroupId: integer('question_group_id').references(() => questionGroups.id, { onDelete: 'set null' }),
    /** Borrow the options of another question (read-only here). */
    optionsSourceQuestionId: integer('options_source_question_id').references((): AnyPgColumn => questions.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('questions_survey_nr_key').on(t.surveyId, t.questionNr),
    index('questions_parent_idx').on(t.parentId),
    index('questions_survey_identifier_idx').on(t.surveyId, t.questionIdentifier),
  ],
);
