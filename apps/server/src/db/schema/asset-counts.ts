import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { datasets } from './datasets';
import { surveys } from './surveys';

/**
 * How many assets each (dataset, survey, status) has, kept by triggers on `assets` (migration
 * 0003) in the same transaction as the change. Dataset stats and the totals of unfiltered lists
 * read a few rows here instead of counting a hundred thousand assets on every call.
 */
export const assetCounts = pgTable(
  'asset_counts',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.surveyId, t.status] })],
);
