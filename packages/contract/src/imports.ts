import { z } from 'zod';
import { Id } from './common';

/**
 * Bulk import of an existing register (issue 7): the administrator sends an XLSX or CSV file for a
 * survey and a dataset (POST /imports, the file as the body), maps its columns to the survey's
 * questions, looks at every row's problems (POST /imports/{id}/preview), and imports the whole file
 * or nothing (POST /imports/{id}/run, then GET /imports/{id} for progress).
 */

/** What a spreadsheet sent as the body may be; its content type says which. */
export const IMPORT_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
} as const;

/** What one file may hold: rows, columns, cells. */
export { MAX_IMPORT_CELLS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './import-limits';

/** Most problems one preview lists (the count covers them all). */
export const MAX_LISTED_IMPORT_PROBLEMS = 500;

/** POST /imports?surveyId&datasetId&fileName */
export const CreateImportQuery = z.object({
  surveyId: Id,
  datasetId: Id,
  /** The file's name as the administrator chose it; the audit entries of the imported assets name it. */
  fileName: z.string().trim().min(1).max(255),
});
export type CreateImportQuery = z.input<typeof CreateImportQuery>;

/** Where a column goes: a question of the survey, or one of the asset's own fields. */
export const ImportTarget = z.union([
  z.object({ questionId: Id }),
  z.object({ field: z.enum(['latitude', 'longitude', 'date']) }),
]);
export type ImportTarget = z.infer<typeof ImportTarget>;

/** Column index (0-based, as a string key) → target; columns left out are not imported. */
export const ImportMapping = z.record(z.string().regex(/^\d{1,4}$/), ImportTarget);
export type ImportMapping = z.infer<typeof ImportMapping>;

export const ImportMappingBody = z.object({ mapping: ImportMapping });
export type ImportMappingBody = z.input<typeof ImportMappingBody>;

/** One problem of one row (`row` as the spreadsheet numbers it, the header being row 1). */
export const ImportProblem = z.object({
  row: z.number().int(),
  /** The column's header, when the problem is in one column. */
  column: z.string().nullable(),
  code: z.enum(['unknown_option', 'invalid_answer', 'bad_coordinates', 'bad_date', 'missing_name', 'missing_required']),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportPreview = z.object({
  rowCount: z.number().int(),
  /** Rows without any problem. */
  validRows: z.number().int(),
  problemCount: z.number().int(),
  /** The first MAX_LISTED_IMPORT_PROBLEMS problems, by row. */
  problems: z.array(ImportProblem),
  /** Problems of the mapping as a whole (e.g. no column gives the asset's name). */
  mappingProblems: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportState = z.enum(['ready', 'running', 'imported', 'failed']);
export type ImportState = z.infer<typeof ImportState>;

/** An uploaded file and what became of it. */
export const Import = z.object({
  id: z.uuid(),
  fileName: z.string(),
  surveyId: z.number().int(),
  datasetId: z.number().int(),
  headers: z.array(z.string()),
  /** The first rows, to show beside the mapping. */
  sampleRows: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  /** Headers matched to questions (title in any language, or number) and to the asset's fields. */
  suggestedMapping: ImportMapping,
  state: ImportState,
  /** Rows written so far while running. */
  processedRows: z.number().int(),
  importedAssets: z.number().int(),
  /** Why the last run failed, when it did. */
  error: z.string().nullable(),
});
export type Import = z.infer<typeof Import>;

export const ImportParams = z.object({ id: z.uuid() });
