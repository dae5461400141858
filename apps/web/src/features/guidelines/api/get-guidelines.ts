import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GuidelineList } from '@trashegimia/contract/guidelines';
import { apiRequest } from '@/shared/api/api-client';
import { LIST_STALE_TIME_MS } from '@/shared/config/data-constants';
import { GUIDELINE_LIST_LIMIT, GUIDELINE_URL_REFRESH_MS } from '../lib/guideline-constants';

/**
 * GET /api/guidelines?includeUrl=1: the documents whose title contains `search`, each with a URL
 * that shows it in the page; fallback 'Failed to load guidelines'.
 */
export const getGuidelines = (search: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/guidelines', {
    query: { includeUrl: 1, q: search, limit: GUIDELINE_LIST_LIMIT },
    schema: GuidelineList,
    fallback: 'loadGuidelinesFailed',
    signal,
  });

export const getGuidelinesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['guidelines', 'list', { search }],
    queryFn: ({ signal }) => getGuidelines(search, { signal }),
    staleTime: LIST_STALE_TIME_MS,
    // The preview URLs expire: fetch fresh ones while the page stays open.
    refetchInterval: GUIDELINE_URL_REFRESH_MS,
    // While a new search runs, the previous results stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });

export const useGuidelines = (search: string) => useQuery(getGuidelinesQueryOptions(search));
