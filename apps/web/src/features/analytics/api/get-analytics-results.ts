import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FilterSelection } from '@trashegimia/contract/assets';
import { getFilteredDatasetRespondents } from '@/shared/api/get-dataset-respondents';
import { LIST_STALE_TIME_MS } from '@/shared/config/data-constants';
import { ANALYTICS_RESULT_LIMIT } from '../lib/analytics-constants';

/** The results' order, by name (spec §9); the report keeps it. */
export const ANALYTICS_RESULT_ORDER = { sortBy: 'name', sortOrder: 'asc' } as const;

/** What the analytics show: a dataset and the filters applied with 'Show results'. */
export type AnalyticsQuery = { datasetId: number; filters: FilterSelection[] };

/**
 * POST /api/surveys/dataset-respondents with filterPage ANALYTICS: the first 1000 matching assets
 * (spec §9) by name, which the table pages through on the page. Logged-in accounts only.
 */
export const getAnalyticsResults = (
  { datasetId, filters }: AnalyticsQuery,
  { signal }: { signal?: AbortSignal } = {},
) =>
  getFilteredDatasetRespondents(
    {
      datasetId,
      filters,
      filterPage: 'ANALYTICS',
      page: 1,
      limit: ANALYTICS_RESULT_LIMIT,
      ...ANALYTICS_RESULT_ORDER,
    },
    { signal },
  );

export const getAnalyticsResultsQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['datasets', query.datasetId, 'analytics', 'results', query.filters],
    queryFn: ({ signal }) => getAnalyticsResults(query, { signal }),
    staleTime: LIST_STALE_TIME_MS,
  });

export const useAnalyticsResults = (query: AnalyticsQuery | null) =>
  useQuery({ ...getAnalyticsResultsQueryOptions(query ?? { datasetId: 0, filters: [] }), enabled: query !== null });
