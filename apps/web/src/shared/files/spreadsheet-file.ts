import type { IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';

/** What a spreadsheet sent as a request body may be (the bulk import takes both, an XLSForm only xlsx). */
export type SpreadsheetKind = keyof typeof IMPORT_CONTENT_TYPES;

/** What the file picker offers for these kinds, e.g. `.xlsx,.csv`. */
export const spreadsheetAccept = (kinds: readonly SpreadsheetKind[]) => kinds.map((kind) => `.${kind}`).join(',');

export type SpreadsheetProblem = 'type' | 'size' | 'empty';
export type SpreadsheetCheck = { kind: SpreadsheetKind } | { problem: SpreadsheetProblem };

/**
 * Whether a chosen file can be sent, and as which kind; `maxBytes` is the server's limit (from
 * /api/config; the server still refuses a larger file when it is not known yet). The name decides the kind: browsers on
 * Windows report a CSV as `application/vnd.ms-excel`, so its type says little.
 */
export const checkSpreadsheet = (
  file: File,
  maxBytes: number | undefined,
  kinds: readonly SpreadsheetKind[],
): SpreadsheetCheck => {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const kind = kinds.find((candidate) => candidate === extension);
  if (!kind) return { problem: 'type' };
  if (file.size === 0) return { problem: 'empty' };
  if (maxBytes !== undefined && file.size > maxBytes) return { problem: 'size' };
  return { kind };
};
