import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AssetHistory } from '@trashegimia/contract/assets';
import { apiRequest } from '@/shared/api/api-client';
import { HISTORY_PAGE_SIZE } from '../lib/asset-edit-constants';

export const assetHistoryQueryKey = (id: string) => ['assets', id, 'history'] as const;

/** GET /api/surveys/assets/{id}/history: edits and reviews, newest first, readable in the request's language. */
export const getAssetHistory = (
  id: string,
  { page, limit = HISTORY_PAGE_SIZE }: { page: number; limit?: number },
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiRequest(`/surveys/assets/${encodeURIComponent(id)}/history`, {
    query: { page, limit },
    schema: AssetHistory,
    fallback: 'fetchAssetHistoryFailed',
    signal,
  });

/** The texts come in the request's language, so the language is part of the key. */
export const getAssetHistoryQueryOptions = (id: string, page: number, language: string) =>
  queryOptions({
    queryKey: [...assetHistoryQueryKey(id), { page, language }],
    queryFn: ({ signal }) => getAssetHistory(id, { page }, { signal }),
    staleTime: 0,
  });

export const useAssetHistory = (id: string, page: number, language: string) =>
  useQuery({ ...getAssetHistoryQueryOptions(id, page, language), placeholderData: keepPreviousData });
