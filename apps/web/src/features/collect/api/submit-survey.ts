import { Submission, type SubmissionBody } from '@trashegimia/contract/collect';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/collect/submissions: 201 with the new asset, 200 with the same one for a resend. */
export const submitSurvey = (body: SubmissionBody) =>
  apiRequest('/collect/submissions', {
    method: 'POST',
    body,
    schema: Submission,
    fallback: 'submitSurveyFailed',
  });
