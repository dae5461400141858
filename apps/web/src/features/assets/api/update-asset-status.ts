import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssetDetail, type AssetStatusBody } from '@trashegimia/contract/assets';
import { apiRequest } from '@/shared/api/api-client';
import { invalidateAssetQueries } from './invalidate-asset-queries';

export type AssetStatusChange = AssetStatusBody & { id: string };

/** PATCH /api/surveys/assets/{id}/status: approve, reject or set another status, with a note; fallback 'Failed to update survey asset status'. */
export const updateAssetStatus = ({ id, ...body }: AssetStatusChange) =>
  apiRequest(`/surveys/assets/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body,
    schema: AssetDetail,
    fallback: 'updateAssetStatusFailed',
  });

export const useUpdateAssetStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssetStatus,
    onSuccess: () => invalidateAssetQueries(queryClient),
  });
};
