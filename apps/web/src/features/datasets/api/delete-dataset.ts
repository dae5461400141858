import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendApiRequest } from '@/shared/api/api-client';

/** DELETE /api/datasets/{id}; a dataset with assets is refused (409 dataset_has_assets); fallback 'Failed to delete dataset'. */
export const deleteDataset = async (id: number) => {
  await sendApiRequest(`/datasets/${id}`, { method: 'DELETE', fallback: 'deleteDatasetFailed' });
};

export const useDeleteDataset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['datasets'] }),
  });
};
