import { sql } from 'drizzle-orm';
import { integer, pgTable, pgView, primaryKey, text } from 'drizzle-orm/pg-core';
import { datasets } from './datasets';
import { surveys } from './surveys';

/**
 * How many assets each (dataset, survey, status) has is kept without a row that every writer locks
 * (docs/decisions/0001): triggers on `assets` append each statement's changes to asset_count_changes
 * (migration 0017), which no writer updates, so concurrent submissions never wait on each other for
 * a count. Every server folds the appended changes into asset_count_totals in the background
 * (assets/asset-count-folding.ts); the asset_counts view adds both, so a reader sees exact counts
 * whether or not a change has been folded yet. Dataset stats and the totals of unfiltered lists
 * read a few rows there instead of counting a hundred thousand assets on every call.
 */
export const assetCountTotals = pgTable(
  'asset_count_totals',
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

/**
 * Changes to the counts not yet folded into asset_count_totals: appended only, one row per
 * (dataset, survey, status) a statement changed. No keys and no references, so appending locks
 * nothing another writer needs; folding skips the changes of datasets or surveys deleted since.
 */
export const assetCountChanges = pgTable('asset_count_changes', {
  datasetId: integer('dataset_id').notNull(),
  surveyId: integer('survey_id').notNull(),
  status: text('status').notNull(),
  change: integer('change').notNull(),
});

/** The exact counts: folded totals plus the changes appended since. Zero counts may show. */
export const assetCounts = pgView('asset_counts', {
  datasetId: integer('dataset_id').notNull(),
  surveyId: integer('survey_id').notNull(),
  status: text('status').notNull(),
  count: integer('count').notNull(),
}).as(
  sql`select "dataset_id", "survey_id", "status", sum("count")::integer as "count" from (select "dataset_id", "survey_id", "status", "count" from "asset_count_totals" union all select "dataset_id", "survey_id", "status", "change" from "asset_count_changes") as "both" group by "dataset_id", "survey_id", "status"`,
);
