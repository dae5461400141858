import { queryOptions, useQuery } from '@tanstack/react-query';
import { MediaList } from '@trashegimia/contract/assets';
import { MEDIA_STALE_TIME_MS } from '@/shared/config/data-constants';
import { apiRequest } from './api-client';

/** GET /api/surveys/assets/{id}/media: the asset's files with signed URLs; fallback 'Failed to list media'. */
export const getAssetMedia = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/surveys/assets/${encodeURIComponent(id)}/media`, {
    schema: MediaList,
    fallback: 'listMediaFailed',
    signal,
  });

/** Media stays fresh 5 minutes (spec §9), well inside the lifetime of its signed URLs. */
export const getAssetMediaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['assets', id, 'media'],
    queryFn: ({ signal }) => getAssetMedia(id, { signal }),
    staleTime: MEDIA_STALE_TIME_MS,
  });

export const useAssetMedia = (id: string | null) =>
  useQuery({ ...getAssetMediaQueryOptions(id ?? ''), enabled: id !== null });
