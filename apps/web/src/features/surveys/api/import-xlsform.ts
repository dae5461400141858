import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';
import { XlsFormImported, type XlsFormImportQuery } from '@trashegimia/contract/xlsform';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/surveys/xlsform?dryRun=false, the workbook as the body: makes the survey (201) and says what was not mapped. */
export const importXlsForm = (file: File) =>
  apiRequest('/surveys/xlsform', {
    method: 'POST',
    query: { dryRun: 'false' } satisfies XlsFormImportQuery,
    file: { content: file, contentType: IMPORT_CONTENT_TYPES.xlsx },
    schema: XlsFormImported,
    fallback: 'importXlsFormFailed',
  });

export const useImportXlsForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importXlsForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] }),
  });
};
