import { QuestionOptionList, type CreateQuestionOptionsBody } from '@trashegimia/contract/questions';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/questions/{id}/options: new options, answered in the order sent with their ids. */
export const createQuestionOptions = (questionId: number, body: CreateQuestionOptionsBody) =>
  apiRequest(`/questions/${questionId}/options`, {
    method: 'POST',
    body,
    schema: QuestionOptionList,
    fallback: 'createQuestionOptionFailed',
  });
