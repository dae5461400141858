import { queryOptions, useQuery } from '@tanstack/react-query';
import { QuestionGroupList } from '@trashegimia/contract/question-groups';
import { apiRequest } from '@/shared/api/api-client';
import { QUESTION_GROUPS_LIMIT } from '../lib/survey-constants';

/** GET /api/question-groups: the editor asks for up to 1000 (spec §9); fallback 'Failed to fetch question groups'. */
export const getQuestionGroups = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/question-groups', {
    query: { page: 1, limit: QUESTION_GROUPS_LIMIT },
    schema: QuestionGroupList,
    fallback: 'fetchQuestionGroupsFailed',
    signal,
  });

export const getQuestionGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['question-groups'], queryFn: ({ signal }) => getQuestionGroups({ signal }) });

export const useQuestionGroups = () => useQuery(getQuestionGroupsQueryOptions());
