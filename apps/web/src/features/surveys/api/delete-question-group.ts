import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendApiRequest } from '@/shared/api/api-client';
import { getQuestionGroupsQueryOptions } from './get-question-groups';

/** DELETE /api/question-groups/{id}: its questions stay, ungrouped; fallback 'Failed to delete question group'. */
export const deleteQuestionGroup = async (id: number) => {
  await sendApiRequest(`/question-groups/${id}`, { method: 'DELETE', fallback: 'deleteQuestionGroupFailed' });
};

export const useDeleteQuestionGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestionGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getQuestionGroupsQueryOptions().queryKey }),
  });
};
