import { queryOptions, useQuery } from '@tanstack/react-query';
import { RespondentSummary, type RespondentSummaryBody } from '@trashegimia/contract/assets';
import { apiRequest } from '@/shared/api/api-client';
import { LIST_STALE_TIME_MS } from '@/shared/config/data-constants';
import type { AnalyticsQuery } from './get-analytics-results';

/**
 * POST /api/surveys/dataset-respondents/summary: the filtered assets counted per municipality, risk
 * level and type — all of them, not only the 1000 the table holds. Logged-in accounts only.
 */
export const getAnalyticsSummary = (
  { datasetId, filters }: AnalyticsQuery,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiRequest('/surveys/dataset-respondents/summary', {
    method: 'POST',
    body: { datasetId, filters } satisfies RespondentSummaryBody,
    schema: RespondentSummary,
    fallback: 'fetchFilteredRespondentsFailed',
    signal,
  });

export const getAnalyticsSummaryQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['datasets', query.datasetId, 'analytics', 'summary', query.filters],
    queryFn: ({ signal }) => getAnalyticsSummary(query, { signal }),
    staleTime: LIST_STALE_TIME_MS,
  });

export const useAnalyticsSummary = (query: AnalyticsQuery | null) =>
  useQuery({ ...getAnalyticsSummaryQueryOptions(query ?? { datasetId: 0, filters: [] }), enabled: query !== null });
