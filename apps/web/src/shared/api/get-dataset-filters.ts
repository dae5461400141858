import { queryOptions, useQuery } from '@tanstack/react-query';
import { DatasetFilters } from '@trashegimia/contract/datasets';
import { DATA_STALE_TIME_MS } from '@/shared/config/data-constants';
import { apiRequest } from './api-client';

/** GET /api/datasets/{id}/filters: the dataset's choice questions; fallback 'Failed to fetch dataset filters'. */
export const getDatasetFilters = (id: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/datasets/${id}/filters`, { schema: DatasetFilters, fallback: 'fetchFiltersFailed', signal });

export const getDatasetFiltersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['datasets', id, 'filters'],
    queryFn: ({ signal }) => getDatasetFilters(id, { signal }),
    staleTime: DATA_STALE_TIME_MS,
  });

export const useDatasetFilters = (id: number | null) =>
  useQuery({ ...getDatasetFiltersQueryOptions(id ?? 0), enabled: id !== null });
