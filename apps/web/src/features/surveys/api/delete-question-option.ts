import { useMutation } from '@tanstack/react-query';
import { sendApiRequest } from '@/shared/api/api-client';

/** DELETE /api/questions/{id}/options/{optionId}: only while another option remains. */
export const deleteQuestionOption = async ({ questionId, optionId }: { questionId: number; optionId: number }) => {
  await sendApiRequest(`/questions/${questionId}/options/${optionId}`, {
    method: 'DELETE',
    fallback: 'deleteQuestionOptionFailed',
  });
};

export const useDeleteQuestionOption = () => useMutation({ mutationFn: deleteQuestionOption });
