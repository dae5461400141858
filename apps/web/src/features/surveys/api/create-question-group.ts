import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QuestionGroup, type CreateQuestionGroupBody } from '@trashegimia/contract/question-groups';
import { apiRequest } from '@/shared/api/api-client';
import { getQuestionGroupsQueryOptions } from './get-question-groups';

/** POST /api/question-groups; fallback 'Failed to create question group'. */
export const createQuestionGroup = (body: CreateQuestionGroupBody) =>
  apiRequest('/question-groups', {
    method: 'POST',
    body,
    schema: QuestionGroup,
    fallback: 'createQuestionGroupFailed',
  });

export const useCreateQuestionGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestionGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getQuestionGroupsQueryOptions().queryKey }),
  });
};
