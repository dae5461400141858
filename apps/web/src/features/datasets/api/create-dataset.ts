import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dataset, type CreateDatasetBody } from '@trashegimia/contract/datasets';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/datasets: the colour defaults to #000000; fallback 'Failed to create dataset'. */
export const createDataset = (body: CreateDatasetBody) =>
  apiRequest('/datasets', { method: 'POST', body, schema: Dataset, fallback: 'createDatasetFailed' });

export const useCreateDataset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['datasets'] }),
  });
};
