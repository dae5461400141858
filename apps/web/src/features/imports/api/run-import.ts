import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Import, type ImportMapping } from '@trashegimia/contract/imports';
import { apiRequest } from '@/shared/api/api-client';
import { getImportQueryKey } from './get-import';

/**
 * POST /api/imports/{id}/run: starts importing every row in one transaction (202, state running),
 * or refuses with a 400 naming the rows with problems, having imported nothing.
 */
export const runImport = ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
  apiRequest(`/imports/${encodeURIComponent(id)}/run`, {
    method: 'POST',
    body: { mapping },
    schema: Import,
    fallback: 'runImportFailed',
  });

export const useRunImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    // Progress is followed from the run's own answer onwards.
    onSuccess: (started) => queryClient.setQueryData(getImportQueryKey(started.id), started),
  });
};
