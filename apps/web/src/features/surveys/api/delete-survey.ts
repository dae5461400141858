import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendApiRequest } from '@/shared/api/api-client';

/** DELETE /api/surveys/{id}; a survey with assets is refused (409); fallback 'Failed to delete survey'. */
export const deleteSurvey = async (id: number) => {
  await sendApiRequest(`/surveys/${id}`, { method: 'DELETE', fallback: 'deleteSurveyFailed' });
};

export const useDeleteSurvey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSurvey,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: ['surveys', id] });
      return queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
    },
  });
};
