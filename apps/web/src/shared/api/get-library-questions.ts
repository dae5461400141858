import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  LibraryQuestionList,
  type LibraryQuestionListQuery as LibraryQuestionListQuerySchema,
} from '@trashegimia/contract/question-library';
import type { z } from 'zod';
import { apiRequest } from './api-client';

/** What the page sends: the contract's parsed query, every field optional. */
export type LibraryQuestionListQuery = Partial<z.output<typeof LibraryQuestionListQuerySchema>>;

/** GET /api/question-library: newest first, optionally searched by title; fallback 'Failed to fetch library questions'. */
export const getLibraryQuestions = (query: LibraryQuestionListQuery, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/question-library', {
    query: { ...query, q: query.q?.trim() },
    schema: LibraryQuestionList,
    fallback: 'fetchLibraryQuestionsFailed',
    signal,
  });

export const getLibraryQuestionsQueryOptions = (query: LibraryQuestionListQuery) =>
  queryOptions({
    queryKey: ['question-library', query],
    queryFn: ({ signal }) => getLibraryQuestions(query, { signal }),
  });

/** Keeps the previous list on screen while a new search loads. */
export const useLibraryQuestions = (query: LibraryQuestionListQuery, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getLibraryQuestionsQueryOptions(query), placeholderData: keepPreviousData, enabled });
