import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { datasets } from './datasets';
import { surveys } from './surveys';
import { users } from './users';

/**
 * A spreadsheet sent for bulk import, kept as parsed text until it is imported (or abandoned), so
 * the administrator can map and preview it over several calls. `state` is ready, imported or
 * failed; a run in progress is the running server's business (a crash leaves it ready).
 */
export const imports = pgTable('imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  surveyId: integer('survey_id')
    .notNull()
    .references(() => surveys.id, { onDelete: 'cascade' }),
  datasetId: integer('dataset_id')
    .notNull()
    .references(() => datasets.id, { onDelete: 'cascade' }),
  headers: jsonb('headers').$type<string[]>().notNull(),
  rows: jsonb('rows').$type<string[][]>().notNull(),
  /**
   * The number each of `rows` has in the file (blank rows are dropped but counted), so problems
   * name the row the administrator sees; null: each row right under the one before.
   */
  rowNumbers: jsonb('row_numbers').$type<number[]>(),
  /** How many rows, and the first few, as the import's page shows them: it polls while a run goes on. */
  rowCount: integer('row_count').notNull().default(0),
  sampleRows: jsonb('sample_rows').$type<string[][]>().notNull().default([]),
  state: text('state').notNull().default('ready'),
  importedAssets: integer('imported_assets').notNull().default(0),
  error: text('error'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
