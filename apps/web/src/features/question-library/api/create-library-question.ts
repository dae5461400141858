import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LibraryQuestion, type CreateLibraryQuestionBody } from '@trashegimia/contract/question-library';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/question-library; fallback 'Failed to create library question'. */
export const createLibraryQuestion = (body: CreateLibraryQuestionBody) =>
  apiRequest('/question-library', {
    method: 'POST',
    body,
    schema: LibraryQuestion,
    fallback: 'createLibraryQuestionFailed',
  });

export const useCreateLibraryQuestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLibraryQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['question-library'] }),
  });
};
