import { queryOptions, useQuery } from '@tanstack/react-query';
import { Import } from '@trashegimia/contract/imports';
import { apiRequest } from '@/shared/api/api-client';
import { IMPORT_POLL_INTERVAL_MS } from '../lib/import-constants';

/** GET /api/imports/{id}: the import and how far its run is. */
export const getImport = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/imports/${encodeURIComponent(id)}`, { schema: Import, fallback: 'fetchImportFailed', signal });

export const getImportQueryKey = (id: string) => ['imports', id] as const;

export const getImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: getImportQueryKey(id),
    queryFn: ({ signal }) => getImport(id, { signal }),
    // Asked again while the run is writing, until it has imported or failed.
    refetchInterval: (query) => (query.state.data?.state === 'running' ? IMPORT_POLL_INTERVAL_MS : false),
    staleTime: 0,
  });

/** Follows a started run; nothing is asked before one has started. */
export const useImportProgress = (id: string | null) =>
  useQuery({ ...getImportQueryOptions(id ?? ''), enabled: id !== null });
