import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendApiRequest } from '@/shared/api/api-client';

/** DELETE /api/guidelines/{id}: the document and its file; fallback 'Failed to delete guideline'. */
export const deleteGuideline = async (id: number) => {
  await sendApiRequest(`/guidelines/${id}`, { method: 'DELETE', fallback: 'deleteGuidelineFailed' });
};

export const useDeleteGuideline = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGuideline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guidelines'] }),
  });
};
