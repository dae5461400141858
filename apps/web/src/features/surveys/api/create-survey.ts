import { Survey, type CreateSurveyBody } from '@trashegimia/contract/surveys';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/surveys; fallback 'Failed to create survey'. Part of the editor's save. */
export const createSurvey = (body: CreateSurveyBody) =>
  apiRequest('/surveys', { method: 'POST', body, schema: Survey, fallback: 'createSurveyFailed' });
