import type { z } from 'zod';
import { chosenValues, isOptionOffered, readNumber } from '@trashegimia/contract/answer-values';
import type { AssetAnswerInput } from '@trashegimia/contract/assets';
import type { QuestionNode } from '@trashegimia/contract/questions';
import { badRequest } from '../../errors';
import { requiredMessage } from '../assets';
import { answerableInOrder, compareQuestionNr } from '@trashegimia/contract/question-numbers';

type AnswerInput = z.output<typeof AssetAnswerInput>;

/**
 * The rules of filling a survey in that the asset editor does not apply (an administrator may
 * correct anything): skip logic and limits. Options, conditions and unknown questions are checked
 * when the answers are stored (assets' answerRows).
 *
 * Skip logic: questions are filled in tree order. A chosen option with NEXT_QUESTION jumps to
 * `toQuestionNr`, so the questions in between stay unanswered; END_SURVEY leaves every later
 * question unanswered. A jump backwards is ignored (a device cannot loop).
 *
 * Limits (free text in the spec): when limMin or limMax reads as a number, a TEXT answer must be a
 * number within them and a MULTIPLE_CHOICE answer must choose that many options; other limits
 * are notes for the collector and are not enforced. An unanswered question meets every limit.
 * (NUMBER answers are held to their limits wherever answers are stored: answerRows.)
 *
 * A required question must be answered when the collector meets it: not when skip logic passes it
 * by, nor when it is a choice none of whose options the earlier answers offer.
 */
export function checkSubmissionRules(tree: QuestionNode[], inputs: AnswerInput[]): void {
  const answered = new Map(inputs.map((input, index) => [input.questionId, { input, index }]));
  const byId = new Map([...answerableInOrder(tree)].map((question) => [question.id, question]));
  const chosenIn = (questionId: number) =>
    chosenValues(byId.get(questionId), answered.get(questionId)?.input.value ?? '');
  let jumpTo: { nr: string; from: string } | null = null;
  let endedAt: string | null = null;

  for (const question of answerableInOrder(tree)) {
    if (jumpTo && compareQuestionNr(question.questionNr, jumpTo.nr) >= 0) jumpTo = null;
    const answer = answered.get(question.id);
    const skippedBy = endedAt ?? jumpTo?.from;
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
    checkLimits(question, answer.input, answer.index);

    for (const option of chosenOptions(question, answer.input.value ?? '')) {
      if (option.validateType === 'END_SURVEY') endedAt = question.questionNr;
      if (
        option.validateType === 'NEXT_QUESTION' &&
        option.toQuestionNr &&
        compareQuestionNr(option.toQuestionNr, question.questionNr) > 0 &&
        (!jumpTo || compareQuestionNr(option.toQuestionNr, jumpTo.nr) > 0)
      ) {
        jumpTo = { nr: option.toQuestionNr, from: question.questionNr };
      }
    }
  }
}

/**
 * Whether the collector can answer the question given the other answers: a choice whose options
 * all wait on answers not given offers nothing.
 */
function offersAnAnswer(question: QuestionNode, chosenIn: (questionId: number) => readonly string[]) {
  return question.options.length === 0 || question.options.some((option) => isOptionOffered(option, chosenIn));
}

const isBlank = (input: AnswerInput) => (input.value ?? '') === '' && (input.value2 ?? '') === '';

/** The options an answer names by value. */
function chosenOptions(question: QuestionNode, value: string) {
  const byValue = new Map(question.options.map((option) => [option.value, option]));
  return chosenValues(question, value).flatMap((chosen) => byValue.get(chosen) ?? []);
}

function checkLimits(question: QuestionNode, input: AnswerInput, index: number) {
  const min = readNumber(question.limMin);
  const max = readNumber(question.limMax);
  if (min === null && max === null) return;
  const range = `${min ?? '…'} to ${max ?? '…'}`;
  const outside = (amount: number) => (min !== null && amount < min) || (max !== null && amount > max);

  if (question.questionType === 'TEXT') {
    const amount = readNumber(input.value ?? null);
    if (amount === null || outside(amount)) {
      throw badRequest(
        `answers.${index}.value`,
        `Question ${question.questionNr} takes a number from ${range}`,
        'outside_limits',
      );
    }
  }
  if (question.questionType === 'MULTIPLE_CHOICE') {
    const chosen = chosenOptions(question, input.value ?? '').length;
    if (outside(chosen)) {
      throw badRequest(
        `answers.${index}.value`,
        `Question ${question.questionNr} takes from ${range} choices`,
        'outside_limits',
      );
    }
  }
}
