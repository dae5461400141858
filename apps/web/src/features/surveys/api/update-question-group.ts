import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QuestionGroup, type UpdateQuestionGroupBody } from '@trashegimia/contract/question-groups';
import { apiRequest } from '@/shared/api/api-client';
import { getQuestionGroupsQueryOptions } from './get-question-groups';

/** PATCH /api/question-groups/{id}; fallback 'Failed to update question group'. */
export const updateQuestionGroup = ({ id, ...body }: UpdateQuestionGroupBody & { id: number }) =>
  apiRequest(`/question-groups/${id}`, {
    method: 'PATCH',
    body,
    schema: QuestionGroup,
    fallback: 'updateQuestionGroupFailed',
  });

export const useUpdateQuestionGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuestionGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getQuestionGroupsQueryOptions().queryKey }),
  });
};
