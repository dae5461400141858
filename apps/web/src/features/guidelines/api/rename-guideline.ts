import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Guideline } from '@trashegimia/contract/guidelines';
import { apiRequest } from '@/shared/api/api-client';

/** PATCH /api/guidelines/{id}: a new title; the file keeps its name. Fallback 'Failed to update guideline'. */
export const renameGuideline = ({ id, title }: { id: number; title: string }) =>
  apiRequest(`/guidelines/${id}`, {
    method: 'PATCH',
    body: { title },
    schema: Guideline,
    fallback: 'updateGuidelineFailed',
  });

export const useRenameGuideline = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGuideline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guidelines'] }),
  });
};
