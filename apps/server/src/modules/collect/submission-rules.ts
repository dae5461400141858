import type { z } from 'zod';
import { chosenValues } from '@trashegimia/contract/answer-values';
import type { AssetAnswerInput } from '@trashegimia/contract/assets';
import { brokenLimit, limitRange, offersAnAnswer, skippedQuestions } from '@trashegimia/contract/fill-rules';
import type { QuestionNode } from '@trashegimia/contract/questions';
import { answerableInOrder } from '@trashegimia/contract/question-numbers';
import { badRequest } from '../../errors';
import { requiredMessage } from '../assets';

type AnswerInput = z.output<typeof AssetAnswerInput>;

/**
 * The rules of filling a survey in (contract fill-rules) that the asset editor does not apply, since
 * an administrator may correct anything: skip logic, required questions as the collector meets
 * them, and limits. The first question in tree order that breaks one is refused. Options,
 * conditions and unknown questions are checked when the answers are stored (assets' answerRows).
 */
export function checkSubmissionRules(tree: QuestionNode[], inputs: AnswerInput[]): void {
  const answered = new Map(inputs.map((input, index) => [input.questionId, { input, index }]));
  const questions = [...answerableInOrder(tree)];
  const byId = new Map(questions.map((question) => [question.id, question]));
  const chosenIn = (questionId: number) =>
    chosenValues(byId.get(questionId), answered.get(questionId)?.input.value ?? '');
  const skipped = skippedQuestions(tree, chosenIn);

  for (const question of questions) {
    const answer = answered.get(question.id);
    const skippedBy = skipped.get(question.id);
    if (!answer || isBlank(answer.input)) {
      if (question.required && !skippedBy && offersAnAnswer(question, chosenIn)) {
        throw badRequest('answers', requiredMessage(question.questionNr), 'required_question');
      }
      continue;
    }
    if (skippedBy) {
      throw badRequest(
        `answers.${answer.index}.questionId`,
        `Question ${question.questionNr} is skipped after the answer to question ${skippedBy} and must stay unanswered`,
        'skipped_question',
      );
    }
    // NUMBER answers are read, and held to their limits, wherever answers are stored (answerRows).
    const broken =
      question.questionType !== 'NUMBER' &&
      brokenLimit(question, {
        text: answer.input.value ?? '',
        choiceCount: chosenIn(question.id).filter((value) => question.options.some((option) => option.value === value))
          .length,
      });
    if (broken) {
      throw badRequest(
        `answers.${answer.index}.value`,
        broken.kind === 'count'
          ? `Question ${question.questionNr} takes from ${limitRange(broken.limits)} choices`
          : `Question ${question.questionNr} takes a number from ${limitRange(broken.limits)}`,
        'outside_limits',
      );
    }
  }
}

const isBlank = (input: AnswerInput) => (input.value ?? '') === '' && (input.value2 ?? '') === '';
