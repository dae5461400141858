import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SurveyList, type SurveyListQuery as SurveyListQuerySchema } from '@trashegimia/contract/surveys';
import type { z } from 'zod';
import { apiRequest } from './api-client';

/** What the page sends: the contract's parsed query, every field optional. */
export type SurveyListQuery = Partial<z.output<typeof SurveyListQuerySchema>>;

/** GET /api/surveys: a page of surveys, newest first, optionally searched (q); fallback 'Failed to fetch surveys'. */
export const getSurveys = (query: SurveyListQuery, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/surveys', {
    query: { ...query, q: query.q?.trim() },
    schema: SurveyList,
    fallback: 'fetchSurveysFailed',
    signal,
  });

export const getSurveysQueryOptions = (query: SurveyListQuery) =>
  queryOptions({
    queryKey: ['surveys', 'list', query],
    queryFn: ({ signal }) => getSurveys(query, { signal }),
  });

/** Keeps the previous page on screen while the next one loads. */
export const useSurveys = (query: SurveyListQuery) =>
  useQuery({ ...getSurveysQueryOptions(query), placeholderData: keepPreviousData });
