import { queryOptions, useQuery } from '@tanstack/react-query';
import { SurveyQuestions } from '@trashegimia/contract/questions';
import { apiRequest } from './api-client';

/** GET /api/surveys/{id}/questions: the question tree with options; fallback 'Failed to fetch survey questions'. */
export const getSurveyQuestions = (surveyId: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/surveys/${surveyId}/questions`, {
    schema: SurveyQuestions,
    fallback: 'fetchSurveyQuestionsFailed',
    signal,
  });

export const getSurveyQuestionsQueryOptions = (surveyId: number) =>
  queryOptions({
    queryKey: ['surveys', surveyId, 'questions'],
    queryFn: ({ signal }) => getSurveyQuestions(surveyId, { signal }),
    // The editor's working copy is built once from this; a background refetch must not reset it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useSurveyQuestions = (surveyId: number | null) =>
  useQuery({ ...getSurveyQuestionsQueryOptions(surveyId ?? 0), enabled: surveyId !== null });
