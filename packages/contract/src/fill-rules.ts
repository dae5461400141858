/**
 * The rules of filling a survey in, as the collector shows them and the server enforces them on
 * a submission: skip logic, whether a choice offers anything, and numeric limits. One definition,
 * so an answer the page lets through is one the server takes.
 */
import { isOptionOffered, readNumber } from './answer-values';
import type { QuestionNode } from './questions';
import { answerableInOrder, compareQuestionNr } from './question-numbers';

/** The values each question's answer chose, by question id (none for an unanswered one). */
export type ChosenIn = (questionId: number) => readonly string[];

/**
 * The questions skip logic leaves unanswered, each with the number of the question whose answer
 * skips it. In tree order, a chosen option with NEXT_QUESTION jumps forward to `toQuestionNr`, so
 * the questions in between are skipped; END_SURVEY skips every later question. A jump backwards
 * is ignored (a device cannot loop), and a skipped question's own answer skips nothing.
 */
export function skippedQuestions(tree: readonly QuestionNode[], chosenIn: ChosenIn): Map<number, string> {
  const skipped = new Map<number, string>();
  let jumpTo: { nr: string; from: string } | null = null;
  let endedAt: string | null = null;
  for (const question of answerableInOrder(tree)) {
    if (jumpTo && compareQuestionNr(question.questionNr, jumpTo.nr) >= 0) jumpTo = null;
    const skippedBy = endedAt ?? jumpTo?.from;
    if (skippedBy !== undefined) {
      skipped.set(question.id, skippedBy);
      continue;
    }
    const chosen = chosenIn(question.id);
    for (const option of question.options.filter((candidate) => chosen.includes(candidate.value))) {
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
  return skipped;
}

/**
 * Whether the collector can answer the question given the other answers: a choice whose options
 * all wait on answers not given offers nothing, so it is not asked for, required or not.
 */
export const offersAnAnswer = (question: Pick<QuestionNode, 'options'>, chosenIn: ChosenIn) =>
  question.options.length === 0 || question.options.some((option) => isOptionOffered(option, chosenIn));

export type NumericLimits = { min: number | null; max: number | null };

/** Stored types are plain text, so any string is taken. */
type LimitedQuestion = { questionType: string | null; limMin: string | null; limMax: string | null };

/**
 * A question's limits where they bind (spec §5 leaves them free text): when limMin or limMax reads
 * as a number, a NUMBER or TEXT answer must be a number within them and a MULTIPLE_CHOICE answer
 * must choose that many options. Null when nothing binds; other limits are notes for the collector.
 */
export function numericLimits(question: LimitedQuestion): NumericLimits | null {
  if (!['TEXT', 'NUMBER', 'MULTIPLE_CHOICE'].includes(question.questionType ?? '')) return null;
  const min = readNumber(question.limMin);
  const max = readNumber(question.limMax);
  return min === null && max === null ? null : { min, max };
}

export const isOutside = (amount: number, { min, max }: NumericLimits) =>
  (min !== null && amount < min) || (max !== null && amount > max);

/** A limit an answer breaks: a number outside them or not a number at all, or too few or many choices. */
export type BrokenLimit = { kind: 'number' | 'count'; limits: NumericLimits };

/**
 * The limit a given (not blank) answer breaks, or null: `text` is a typed answer, `choiceCount`
 * how many options a multiple choice chose.
 */
export function brokenLimit(
  question: LimitedQuestion,
  answer: { text: string; choiceCount: number },
): BrokenLimit | null {
  const limits = numericLimits(question);
  if (!limits) return null;
  if (question.questionType === 'MULTIPLE_CHOICE') {
    return isOutside(answer.choiceCount, limits) ? { kind: 'count', limits } : null;
  }
  const amount = readNumber(answer.text);
  return amount === null || isOutside(amount, limits) ? { kind: 'number', limits } : null;
}

/** Limits as the server's messages write them: "1 to 12", "… to 12". */
export const limitRange = ({ min, max }: NumericLimits) => `${min ?? '…'} to ${max ?? '…'}`;
