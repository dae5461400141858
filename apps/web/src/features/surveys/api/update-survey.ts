import { Survey, type UpdateSurveyBody } from '@trashegimia/contract/surveys';
import { apiRequest } from '@/shared/api/api-client';

/** PATCH /api/surveys/{id}; fallback 'Failed to update survey'. Part of the editor's save. */
export const updateSurvey = (id: number, body: UpdateSurveyBody) =>
  apiRequest(`/surveys/${id}`, { method: 'PATCH', body, schema: Survey, fallback: 'updateSurveyFailed' });
