import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets';
import { questionOptions } from './question-options';
import { questions } from './questions';

/** One row per answered question, and per chosen option of a multiple-choice question. */
export const answers = pgTable(
  'answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    optionId: integer('option_id').references(() => questionOptions.id, { onDelete: 'set null' }),
    value: text('value'),
    value2: text('value2'),
  },
  (t) => [
    index('answers_asset_idx').on(t.assetId),
    // Filters look up the assets that chose given options of a question; with the asset id in the
    // index that is an index-only range scan (also for `option_id is null and value = …`).
    index('answers_question_option_asset_idx').on(t.questionId, t.optionId, t.assetId),
  ],
);
