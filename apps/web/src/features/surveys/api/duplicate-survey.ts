import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Survey, type DuplicateSurveyBody } from '@trashegimia/contract/surveys';
import { apiRequest } from '@/shared/api/api-client';

/**
 * POST /api/surveys/{id}/duplicate: a passive copy of the survey with its whole question tree (201);
 * fallback 'Failed to duplicate survey'.
 */
export const duplicateSurvey = ({ id, ...body }: DuplicateSurveyBody & { id: number }) =>
  apiRequest(`/surveys/${id}/duplicate`, {
    method: 'POST',
    body,
    schema: Survey,
    fallback: 'duplicateSurveyFailed',
  });

export const useDuplicateSurvey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateSurvey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] }),
  });
};
