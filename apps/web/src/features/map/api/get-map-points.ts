import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import { AssetPoints, type AssetPointsQuery as AssetPointsQuerySchema } from '@trashegimia/contract/assets';
import type { z } from 'zod';
import { apiRequest } from '@/shared/api/api-client';
import { getDatasetRespondents } from '@/shared/api/get-dataset-respondents';
import { MAP_GC_TIME_MS, MAP_STALE_TIME_MS } from '@/shared/config/data-constants';
import { type DatasetPoints, loadDatasetPoints, type MapPointsQuery } from '../lib/map-data';

/** What the page sends: the contract's parsed query, the dataset required and the rest optional. */
export type AssetPointsQuery = Pick<z.output<typeof AssetPointsQuerySchema>, 'datasetId'> &
  Partial<z.output<typeof AssetPointsQuerySchema>>;

/** GET /api/surveys/assets/points: a dataset's assets with coordinates, compact; fallback 'Failed to fetch map data'. */
export const getAssetPoints = (query: AssetPointsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/surveys/assets/points', { query, schema: AssetPoints, fallback: 'fetchMapDataFailed', signal });

/** One dataset's points: fresh 5 minutes, kept 10, not refetched on window focus (spec §9). */
export const getMapPointsQueryOptions = (query: MapPointsQuery) =>
  queryOptions({
    queryKey: [
      'datasets',
      query.datasetId,
      'map-points',
      { search: query.search.trim(), riskLevel: query.riskLevel, range: query.range },
    ],
    queryFn: ({ signal }) =>
      loadDatasetPoints(
        query,
        {
          points: (pointsQuery) => getAssetPoints(pointsQuery, { signal }),
          listPage: (pageQuery) => getDatasetRespondents(pageQuery, { signal }),
        },
        signal,
      ),
    staleTime: MAP_STALE_TIME_MS,
    gcTime: MAP_GC_TIME_MS,
    refetchOnWindowFocus: false,
  });

/**
 * What the page needs of all the datasets' queries at once. Defined outside the component, so
 * TanStack Query runs it only when a query changed and keeps `byDataset` the same array otherwise.
 */
const combineMapPoints = (results: UseQueryResult<DatasetPoints>[]) => ({
  /** Each chosen dataset's points, in the order asked; undefined until they arrive. */
  byDataset: results.map((result) => result.data),
  isPending: results.some((result) => result.isPending),
  error: results.find((result) => result.isError)?.error ?? null,
  retry: () => {
    for (const result of results) if (result.isError) void result.refetch();
  },
});

/** The points of every chosen dataset, one query each, so changing one slot leaves the others cached. */
export const useMapPoints = (queries: MapPointsQuery[]) =>
  useQueries({ queries: queries.map((query) => getMapPointsQueryOptions(query)), combine: combineMapPoints });
