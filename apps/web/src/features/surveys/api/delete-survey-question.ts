import { useMutation } from '@tanstack/react-query';
import { sendApiRequest } from '@/shared/api/api-client';

/**
 * DELETE /api/surveys/{id}/questions/{questionId}: the question with its sub-questions; refused
 * (409) while stored answers use them. The editor drops them from its working copy itself.
 */
export const deleteSurveyQuestion = async ({ surveyId, questionId }: { surveyId: number; questionId: number }) => {
  await sendApiRequest(`/surveys/${surveyId}/questions/${questionId}`, {
    method: 'DELETE',
    fallback: 'deleteSurveyQuestionFailed',
  });
};

export const useDeleteSurveyQuestion = () => useMutation({ mutationFn: deleteSurveyQuestion });
