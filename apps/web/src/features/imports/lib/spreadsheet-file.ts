import type { IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';

export type SpreadsheetKind = keyof typeof IMPORT_CONTENT_TYPES;

/** What the file picker offers. */
export const SPREADSHEET_ACCEPT = '.xlsx,.csv';

export type SpreadsheetCheck = { kind: SpreadsheetKind } | { problem: 'type' | 'size' | 'empty' };

/**
 * Whether a chosen file can be sent, and as which kind; `maxBytes` is the server's limit (from
 * /api/config; the server still refuses a larger file when it is not known yet). The name decides the kind: browsers on
 * Windows report a CSV as `application/vnd.ms-excel`, so its type says little.
 */
export const checkSpreadsheet = (file: File, maxBytes: number | undefined): SpreadsheetCheck => {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (extension !== 'xlsx' && extension !== 'csv') return { problem: 'type' };
  if (file.size === 0) return { problem: 'empty' };
  if (maxBytes !== undefined && file.size > maxBytes) return { problem: 'size' };
  return { kind: extension };
};
