import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AssetList,
  type RespondentFilterBody,
  type RespondentListQuery as RespondentListQuerySchema,
} from '@trashegimia/contract/assets';
import type { z } from 'zod';
import { MAP_GC_TIME_MS, MAP_STALE_TIME_MS } from '@/shared/config/data-constants';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';

/** What the page sends: the contract's parsed query, every field optional. */
export type RespondentListQuery = Partial<z.output<typeof RespondentListQuerySchema>>;

const emptyList = (query: RespondentListQuery): AssetList => ({
  items: [],
  meta: { page: Number(query.page ?? 1), limit: Number(query.limit ?? 20), totalItems: 0, totalPages: 0 },
});

/**
 * GET /api/surveys/dataset-respondents: a dataset's assets, optionally searched (trimmed) by text.
 * Without a datasetId the answer is an empty list, and so is a 404 (spec §7).
 */
export const getDatasetRespondents = async (
  { search, ...query }: RespondentListQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AssetList> => {
  if (query.datasetId === undefined) return emptyList(query);
  try {
    return await apiRequest('/surveys/dataset-respondents', {
      query: { ...query, search: search?.trim() },
      schema: AssetList,
      fallback: 'fetchAssetsFailed',
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return emptyList(query);
    throw error;
  }
};

/** POST /api/surveys/dataset-respondents: the filtered lookup (needs a token; spec §5). */
export const getFilteredDatasetRespondents = (body: RespondentFilterBody, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/surveys/dataset-respondents', {
    method: 'POST',
    body,
    schema: AssetList,
    fallback: 'fetchFilteredRespondentsFailed',
    signal,
  });

/** A dataset's assets for a map: fresh 5 minutes, kept 10, not refetched on window focus (spec §9). */
export const getDatasetMapAssetsQueryOptions = (query: RespondentListQuery & { datasetId: number }) =>
  queryOptions({
    queryKey: ['datasets', query.datasetId, 'respondents', 'map', query],
    queryFn: ({ signal }) => getDatasetRespondents(query, { signal }),
    staleTime: MAP_STALE_TIME_MS,
    gcTime: MAP_GC_TIME_MS,
    refetchOnWindowFocus: false,
  });

export const useDatasetMapAssets = (query: (RespondentListQuery & { datasetId: number }) | null) =>
  useQuery({
    ...getDatasetMapAssetsQueryOptions(query ?? { datasetId: 0 }),
    enabled: query !== null,
  });
