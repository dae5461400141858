import { useMutation } from '@tanstack/react-query';
import { IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';
import { XlsFormPreview, type XlsFormImportQuery } from '@trashegimia/contract/xlsform';
import { apiRequest } from '@/shared/api/api-client';

/**
 * POST /api/surveys/xlsform?dryRun=true, the workbook as the body: the survey it would make and
 * what of it would not be made; nothing is written. A form with nothing usable is refused (400
 * xlsform_unusable, with its warnings), an unreadable or too large file as the bulk import's are.
 */
export const previewXlsForm = (file: File) =>
  apiRequest('/surveys/xlsform', {
    method: 'POST',
    query: { dryRun: 'true' } satisfies XlsFormImportQuery,
    file: { content: file, contentType: IMPORT_CONTENT_TYPES.xlsx },
    schema: XlsFormPreview,
    fallback: 'previewXlsFormFailed',
  });

export const usePreviewXlsForm = () => useMutation({ mutationFn: previewXlsForm });
