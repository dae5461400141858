/**
 * What one imported spreadsheet may hold (see imports.ts), in a file without schemas: the worker
 * thread that reads each file loads these and not the schema library.
 */

/** Most data rows one file may hold. */
export const MAX_IMPORT_ROWS = 50_000;

/** Most columns one file may fill (a value further right refuses the file). */
export const MAX_IMPORT_COLUMNS = 1_000;

/** Most cells one file may hold: rows × columns, empty ones up to the widest row's last value included. */
export const MAX_IMPORT_CELLS = 2_000_000;
