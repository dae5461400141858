import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets';

/** One row per answered question, and per chosen option of a multiple-choice question. */
export const answers = pgTable(
  'answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    // The question (its answers go with it) and the option (cleared when it goes) are references kept
    // by triggers (migration 0017), not foreign keys: a key's check locks the question's and the
    // option's rows for every answer, so every submission to a survey locked the same few hundred rows.
    questionId: integer('question_id').notNull(),
    optionId: integer('option_id'),
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
