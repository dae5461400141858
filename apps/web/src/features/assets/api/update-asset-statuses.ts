import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkAssetStatusResult, type BulkAssetStatusBody } from '@trashegimia/contract/assets';
import { apiRequest } from '@/shared/api/api-client';
import { invalidateAssetQueries } from './invalidate-asset-queries';

/**
 * PATCH /api/surveys/assets/status: one status and note for the assets named by id, or for every
 * asset that matches the filters, in one transaction; fallback 'Failed to update survey asset status'.
 */
export const updateAssetStatuses = (body: BulkAssetStatusBody) =>
  apiRequest('/surveys/assets/status', {
    method: 'PATCH',
    body,
    schema: BulkAssetStatusResult,
    fallback: 'updateAssetStatusFailed',
  });

export const useUpdateAssetStatuses = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssetStatuses,
    onSuccess: () => invalidateAssetQueries(queryClient),
  });
};
