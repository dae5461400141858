import { queryOptions, useQuery } from '@tanstack/react-query';
import { Survey } from '@trashegimia/contract/surveys';
import { apiRequest } from '@/shared/api/api-client';

/** GET /api/surveys/{id}; fallback 'Failed to fetch survey'. */
export const getSurvey = (id: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/surveys/${id}`, { schema: Survey, fallback: 'fetchSurveyFailed', signal });

export const getSurveyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['surveys', id],
    queryFn: ({ signal }) => getSurvey(id, { signal }),
    // The editor's working copy is built once from this; a background refetch must not reset it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useSurvey = (id: number | null) => useQuery({ ...getSurveyQueryOptions(id ?? 0), enabled: id !== null });
