import { queryOptions, useQuery } from '@tanstack/react-query';
import { DatasetDetail } from '@trashegimia/contract/datasets';
import { apiRequest } from '@/shared/api/api-client';
import { DATA_STALE_TIME_MS } from '@/shared/config/data-constants';

/** GET /api/datasets/{id} with its last update, sent without the auth header (spec §7); fallback 'Failed to fetch dataset'. */
export const getDataset = (id: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/datasets/${id}`, { schema: DatasetDetail, fallback: 'fetchDatasetFailed', authenticate: false, signal });

export const getDatasetQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['datasets', id],
    queryFn: ({ signal }) => getDataset(id, { signal }),
    staleTime: DATA_STALE_TIME_MS,
  });

export const useDataset = (id: number | null) => useQuery({ ...getDatasetQueryOptions(id ?? 0), enabled: id !== null });
