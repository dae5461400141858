import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssetDetail } from '@trashegimia/contract/assets';
import { LIST_STALE_TIME_MS } from '@/shared/config/data-constants';
import { apiRequest } from './api-client';

/** GET /api/surveys/assets/{id}: one asset with its answers; fallback 'Failed to fetch survey asset'. */
export const getAsset = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/surveys/assets/${encodeURIComponent(id)}`, {
    schema: AssetDetail,
    fallback: 'fetchAssetFailed',
    signal,
  });

export const getAssetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['assets', id],
    queryFn: ({ signal }) => getAsset(id, { signal }),
    staleTime: LIST_STALE_TIME_MS,
  });

export const useAsset = (id: string | null) => useQuery({ ...getAssetQueryOptions(id ?? ''), enabled: id !== null });
