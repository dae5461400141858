import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendApiRequest } from '@/shared/api/api-client';

/** DELETE /api/question-library/{id}: copies already imported into surveys stay. */
export const deleteLibraryQuestion = async (id: number) => {
  await sendApiRequest(`/question-library/${id}`, { method: 'DELETE', fallback: 'deleteLibraryQuestionFailed' });
};

export const useDeleteLibraryQuestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLibraryQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['question-library'] }),
  });
};
