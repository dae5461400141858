import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LibraryQuestion, type UpdateLibraryQuestionBody } from '@trashegimia/contract/question-library';
import { apiRequest } from '@/shared/api/api-client';

/** PATCH /api/question-library/{id}: options, when sent, replace the whole list. */
export const updateLibraryQuestion = ({ id, ...body }: UpdateLibraryQuestionBody & { id: number }) =>
  apiRequest(`/question-library/${id}`, {
    method: 'PATCH',
    body,
    schema: LibraryQuestion,
    fallback: 'updateLibraryQuestionFailed',
  });

export const useUpdateLibraryQuestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLibraryQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['question-library'] }),
  });
};
