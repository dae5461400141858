import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dataset, type UpdateDatasetBody } from '@trashegimia/contract/datasets';
import { apiRequest } from '@/shared/api/api-client';

/** PATCH /api/datasets/{id}, also how a dataset is deactivated; fallback 'Failed to update dataset'. */
export const updateDataset = ({ id, ...body }: UpdateDatasetBody & { id: number }) =>
  apiRequest(`/datasets/${id}`, { method: 'PATCH', body, schema: Dataset, fallback: 'updateDatasetFailed' });

export const useUpdateDataset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['datasets'] }),
  });
};
