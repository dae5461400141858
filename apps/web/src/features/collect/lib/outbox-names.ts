import type { QuestionNode } from '@trashegimia/contract/questions';
import type { CollectSubmission } from './collect-db';
import { answerableInOrder } from '@trashegimia/contract/question-numbers';

/**
 * The name the collector gave the asset: what the submission sends for its survey's ASSET_NAME
 * question (several values joined as the server joins them for the asset's name), or null when
 * the survey asks for none or it was left blank.
 */
export const submissionAssetName = (
  submission: Pick<CollectSubmission, 'body'>,
  questions: QuestionNode[],
): string | null => {
  const nameQuestion = [...answerableInOrder(questions)].find(
    (question) => question.questionIdentifier === 'ASSET_NAME',
  );
  if (!nameQuestion || !submission.body) return null;
  const values = submission.body.answers
    .filter((answer) => answer.questionId === nameQuestion.id)
    .map((answer) => answer.value?.trim() ?? '')
    .filter((value) => value !== '');
  return values.length > 0 ? values.join(', ') : null;
};
