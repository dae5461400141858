import { integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { datasets } from './datasets';

export const surveys = pgTable('surveys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** 1 = active, 0 = passive. */
  surveyState: smallint('survey_state').notNull().default(1),
  descriptionXk: text('description_xk'),
  descriptionEn: text('description_en'),
  descriptionSr: text('description_sr'),
  longDescriptionXk: text('long_description_xk'),
  longDescriptionEn: text('long_description_en'),
  longDescriptionSr: text('long_description_sr'),
  /** Where new submissions of this survey land. */
  defaultDatasetId: integer('default_dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
  insBy: text('ins_by'),
  insDate: timestamp('ins_date', { withTimezone: true }).notNull().defaultNow(),
  ludBy: text('lud_by'),
  lud: timestamp('lud', { withTimezone: true }).notNull().defaultNow(),
});
