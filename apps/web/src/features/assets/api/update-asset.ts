import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssetDetail, type UpdateAssetBody } from '@trashegimia/contract/assets';
import { apiRequest } from '@/shared/api/api-client';
import { assetForEditQueryKey } from './get-asset-for-edit';
import { assetHistoryQueryKey } from './get-asset-history';

export type AssetUpdate = { id: string; body: UpdateAssetBody };

/** PATCH /api/surveys/assets/{id}: the version read and what changed; 409 when someone saved since; fallback 'Failed to update survey asset'. */
export const updateAsset = ({ id, body }: AssetUpdate) =>
  apiRequest(`/surveys/assets/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: AssetDetail,
    fallback: 'updateAssetFailed',
  });

export const useUpdateAsset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAsset,
    onSuccess: (saved, { id }) => {
      // Lists, details and public pages show the asset differently now: stale, loaded when next shown.
      void queryClient.invalidateQueries({ refetchType: 'none' });
      // The editor goes on from what was saved (and its new version); its history gains an entry.
      queryClient.setQueryData(assetForEditQueryKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: assetHistoryQueryKey(id) });
    },
  });
};
