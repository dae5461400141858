import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AssetList } from '@trashegimia/contract/assets';
import { getDatasetRespondents, getFilteredDatasetRespondents } from '@/shared/api/get-dataset-respondents';
import { DATASET_PAGE_SIZE, LIST_STALE_TIME_MS } from '@/shared/config/data-constants';
import type { AssetQuery, AssetSort } from '@/shared/filters/asset-query';
import { type AssetRange, rangeQuery } from '@/shared/filters/asset-range';

export type DatasetAssetsParams = { datasetId: number; sort: AssetSort; query: AssetQuery; range: AssetRange };

/** What each of the page's sorts asks the API for; a download of the list keeps the same order. */
export const DATASET_LIST_ORDERS = {
  date: { sortBy: 'date', sortOrder: 'desc' },
  name: { sortBy: 'name', sortOrder: 'asc' },
} as const;

/**
 * One page (20) of a dataset's assets: GET with `search` when there is text, POST with the filters
 * (filterPage DATASET_DETAILS) when filters apply, else the plain GET list; each within the range.
 */
export const getDatasetAssetsPage = (
  { datasetId, sort, query, range }: DatasetAssetsParams,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AssetList> => {
  const paging = { page, limit: DATASET_PAGE_SIZE, ...DATASET_LIST_ORDERS[sort], ...rangeQuery(range) };
  if (query.kind === 'filtered') {
    return getFilteredDatasetRespondents(
      { datasetId, filters: query.filters, filterPage: 'DATASET_DETAILS', ...paging },
      { signal },
    );
  }
  return getDatasetRespondents(
    { datasetId, ...paging, ...(query.kind === 'search' ? { search: query.search } : {}) },
    { signal },
  );
};

export const getDatasetAssetsQueryOptions = (params: DatasetAssetsParams) =>
  infiniteQueryOptions({
    queryKey: ['datasets', params.datasetId, 'assets', { sort: params.sort, query: params.query, range: params.range }],
    queryFn: ({ pageParam, signal }) => getDatasetAssetsPage(params, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: AssetList) => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined),
    staleTime: LIST_STALE_TIME_MS,
  });

export const useDatasetAssets = (params: DatasetAssetsParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...getDatasetAssetsQueryOptions(params), enabled });
