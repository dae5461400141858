import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AssetList, type FilterSelection, MEDIA_TYPES, type MediaType } from '@trashegimia/contract/assets';
import { apiRequest } from '@/shared/api/api-client';
import { getFilteredDatasetRespondents } from '@/shared/api/get-dataset-respondents';
import { LIST_STALE_TIME_MS } from '@/shared/config/data-constants';
import { ARCHIVE_PAGE_SIZE, type ArchiveSort } from '../lib/archive-params';

export type ArchiveQuery = {
  datasetId: number | null;
  /** Filters already checked against the dataset's questions. */
  filters: FilterSelection[];
  mediaTypes: MediaType[];
  sort: ArchiveSort;
  page: number;
};

const SORTS = {
  popular: { sortBy: 'viewCount', sortOrder: 'desc' },
  alphabetical: { sortBy: 'name', sortOrder: 'asc' },
} as const;

/**
 * One page (8) of assets with media. Answer filters need a dataset and go through the filtered
 * lookup (POST, filterPage ARCHIVE); otherwise GET /surveys/assets, across every dataset or within
 * one. No content type ticked asks for every type, so assets without media stay out of the archive.
 */
export const getArchiveAssets = (
  { datasetId, filters, mediaTypes, sort, page }: ArchiveQuery,
  signal?: AbortSignal,
) => {
  const types = mediaTypes.length > 0 ? mediaTypes : [...MEDIA_TYPES];
  const paging = { page, limit: ARCHIVE_PAGE_SIZE, ...SORTS[sort] };
  if (datasetId !== null && filters.length > 0) {
    return getFilteredDatasetRespondents(
      { datasetId, filters, filterPage: 'ARCHIVE', mediaTypes: types, ...paging },
      { signal },
    );
  }
  return apiRequest('/surveys/assets', {
    query: { ...paging, datasetId: datasetId ?? undefined, mediaTypes: types.join(',') },
    schema: AssetList,
    fallback: 'fetchAssetsFailed',
    signal,
  });
};

export const getArchiveAssetsQueryOptions = (query: ArchiveQuery) =>
  queryOptions({
    queryKey: ['archive', 'assets', query],
    queryFn: ({ signal }) => getArchiveAssets(query, signal),
    staleTime: LIST_STALE_TIME_MS,
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useArchiveAssets = (query: ArchiveQuery, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getArchiveAssetsQueryOptions(query), enabled });
