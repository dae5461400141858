import { useMutation } from '@tanstack/react-query';
import { Import, IMPORT_CONTENT_TYPES, type CreateImportQuery } from '@trashegimia/contract/imports';
import type { z } from 'zod';
import { apiRequest } from '@/shared/api/api-client';
import type { SpreadsheetKind } from '@/shared/files/spreadsheet-file';

export type CreateImportInput = z.output<typeof CreateImportQuery> & { file: File; kind: SpreadsheetKind };

/**
 * POST /api/imports?surveyId&datasetId&fileName: the spreadsheet itself is the body, with the
 * content type of its kind; the answer holds its headers, first rows and a suggested mapping.
 */
export const createImport = ({ file, kind, ...query }: CreateImportInput) =>
  apiRequest('/imports', {
    method: 'POST',
    query,
    file: { content: file, contentType: IMPORT_CONTENT_TYPES[kind] },
    schema: Import,
    fallback: 'createImportFailed',
  });

export const useCreateImport = () => useMutation({ mutationFn: createImport });
