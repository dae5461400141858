import { QuestionOptionList, type BulkUpdateQuestionOptionsBody } from '@trashegimia/contract/questions';
import { apiRequest } from '@/shared/api/api-client';

/** PATCH /api/questions/{id}/options/bulk {items}; fallback 'Failed to bulk update options'. */
export const updateQuestionOptions = (questionId: number, body: BulkUpdateQuestionOptionsBody) =>
  apiRequest(`/questions/${questionId}/options/bulk`, {
    method: 'PATCH',
    body,
    schema: QuestionOptionList,
    fallback: 'bulkUpdateOptionsFailed',
  });
