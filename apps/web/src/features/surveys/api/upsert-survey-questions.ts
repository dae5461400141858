import { UpsertQuestionsResult, type UpsertQuestionsBody } from '@trashegimia/contract/questions';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/surveys/{id}/questions: a batch of questions, answered with tempId → id mappings. */
export const upsertSurveyQuestions = (surveyId: number, body: UpsertQuestionsBody) =>
  apiRequest(`/surveys/${surveyId}/questions`, {
    method: 'POST',
    body,
    schema: UpsertQuestionsResult,
    fallback: 'upsertSurveyQuestionsFailed',
  });
