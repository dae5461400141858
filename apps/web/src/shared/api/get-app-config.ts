import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppConfigResponse } from '@trashegimia/contract/system';
import { apiRequest } from './api-client';

/**
 * GET /api/config: what the page needs at run time (captcha provider and challenge URL, map tiles,
 * storage driver). Shared because several features read it; fetched once per page load.
 */
export const getAppConfig = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/config', { schema: AppConfigResponse, fallback: 'configFailed', authenticate: false, signal });

export const getAppConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getAppConfig({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useAppConfig = () => useQuery(getAppConfigQueryOptions());
