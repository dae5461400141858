import { queryOptions, useQuery } from '@tanstack/react-query';
import { DatasetList, type DatasetListQuery as DatasetListQuerySchema } from '@trashegimia/contract/datasets';
import type { z } from 'zod';
import { DATA_STALE_TIME_MS } from '@/shared/config/data-constants';
import { apiRequest } from './api-client';

/** What the page sends: the contract's parsed query, every field optional. */
export type DatasetListQuery = Partial<z.output<typeof DatasetListQuerySchema>>;

/**
 * GET /api/datasets: the dataset categories, each with its stats; fallback 'Failed to fetch datasets'.
 * Shared because Home, /data and later the map and analytics pickers all list them.
 */
export const getDatasets = (query: DatasetListQuery = {}, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/datasets', { query, schema: DatasetList, fallback: 'fetchDatasetsFailed', signal });

export const getDatasetsQueryOptions = (query: DatasetListQuery = {}) =>
  queryOptions({
    queryKey: ['datasets', 'list', query],
    queryFn: ({ signal }) => getDatasets(query, { signal }),
    staleTime: DATA_STALE_TIME_MS,
  });

export const useDatasets = (query: DatasetListQuery = {}) => useQuery(getDatasetsQueryOptions(query));
