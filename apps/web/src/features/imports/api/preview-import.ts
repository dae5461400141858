import { useMutation } from '@tanstack/react-query';
import { ImportPreview, type ImportMapping } from '@trashegimia/contract/imports';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/imports/{id}/preview: every row's problems under the mapping; nothing is written. */
export const previewImport = ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
  apiRequest(`/imports/${encodeURIComponent(id)}/preview`, {
    method: 'POST',
    body: { mapping },
    schema: ImportPreview,
    fallback: 'previewImportFailed',
  });

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
