import { useMutation } from '@tanstack/react-query';
import { ImportLibraryQuestionsResult, type ImportLibraryQuestionsBody } from '@trashegimia/contract/questions';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/surveys/{id}/questions/import: copies library questions with their options into the survey. */
export const importLibraryQuestions = ({ surveyId, ...body }: ImportLibraryQuestionsBody & { surveyId: number }) =>
  apiRequest(`/surveys/${surveyId}/questions/import`, {
    method: 'POST',
    body,
    schema: ImportLibraryQuestionsResult,
    fallback: 'importLibraryQuestionsFailed',
  });

export const useImportLibraryQuestions = () => useMutation({ mutationFn: importLibraryQuestions });
