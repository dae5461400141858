import type { AssetAnswerInput } from '@trashegimia/contract/assets';
import type { QuestionNode, QuestionOption } from '@trashegimia/contract/questions';
import { compareQuestionNr } from '@/shared/surveys/question-number';
import { answerableInOrder } from './survey-screens';

/**
 * What the collector entered for one question: the chosen option values (none for TEXT) and the
 * typed text (a TEXT answer, an 'other' option's description, or SELECT_AND_TEXT's detail).
 */
export type DraftAnswer = { choices: string[]; text: string };
/** By question id. */
export type DraftAnswers = Record<string, DraftAnswer>;

export const EMPTY_ANSWER: DraftAnswer = { choices: [], text: '' };

const isChoiceQuestion = (question: QuestionNode) => question.questionType !== 'TEXT';

export const isBlankAnswer = (answer: DraftAnswer | undefined) =>
  !answer || (answer.choices.length === 0 && answer.text.trim() === '');

/** The values a question's answer stands for, as a conditional option compares them. */
const valuesOf = (question: QuestionNode | undefined, answer: DraftAnswer | undefined): string[] => {
  if (!question || !answer) return [];
  return isChoiceQuestion(question) ? answer.choices : answer.text.trim() === '' ? [] : [answer.text];
};

/** The options a question offers now: a conditional option only while its parent's answer equals its value. */
export const visibleOptions = (
  question: QuestionNode,
  answers: DraftAnswers,
  questionsById: Map<number, QuestionNode>,
): QuestionOption[] =>
  question.options.filter(
    (option) =>
      option.conditionalParentQuestionId === null ||
      valuesOf(
        questionsById.get(option.conditionalParentQuestionId),
        answers[option.conditionalParentQuestionId],
      ).includes(option.conditionalParentQuestionValue ?? ''),
  );

/** Whether the typed text belongs in the answer: always for TEXT and SELECT_AND_TEXT, else for an 'other' choice. */
export const takesText = (question: QuestionNode, choices: string[]) =>
  question.questionType === 'TEXT' ||
  question.questionType === 'SELECT_AND_TEXT' ||
  question.options.some((option) => option.isAnother && choices.includes(option.value));

/** The answer limited to what the question offers now; undefined when nothing is left. */
const cleanAnswer = (question: QuestionNode, answer: DraftAnswer | undefined, offered: QuestionOption[]) => {
  if (!answer) return undefined;
  if (!isChoiceQuestion(question)) return isBlankAnswer(answer) ? undefined : { choices: [], text: answer.text };
  const offeredValues = new Set(offered.map((option) => option.value));
  const chosen = answer.choices.filter((value) => offeredValues.has(value));
  const choices = question.questionType === 'MULTIPLE_CHOICE' ? chosen : chosen.slice(0, 1);
  // The server takes no free text without a choice.
  if (choices.length === 0) return undefined;
  return { choices, text: takesText(question, choices) ? answer.text : '' };
};

/**
 * The questions that stay unanswered after the given answers, as the server reads skip logic: in
 * tree order, a chosen NEXT_QUESTION option jumps forward to `toQuestionNr` (a backward jump is
 * ignored), END_SURVEY skips everything after its question.
 */
const skippedBy = (tree: QuestionNode[], answers: DraftAnswers): Set<number> => {
  const skipped = new Set<number>();
  let jumpTo: string | null = null;
  let ended = false;
  for (const question of answerableInOrder(tree)) {
    if (jumpTo !== null && compareQuestionNr(question.questionNr, jumpTo) >= 0) jumpTo = null;
    if (ended || jumpTo !== null) {
      skipped.add(question.id);
      continue;
    }
    const chosen = answers[question.id]?.choices ?? [];
    for (const option of question.options.filter((candidate) => chosen.includes(candidate.value))) {
      if (option.validateType === 'END_SURVEY') ended = true;
      if (
        option.validateType === 'NEXT_QUESTION' &&
        option.toQuestionNr &&
        compareQuestionNr(option.toQuestionNr, question.questionNr) > 0 &&
        (jumpTo === null || compareQuestionNr(option.toQuestionNr, jumpTo) > 0)
      ) {
        jumpTo = option.toQuestionNr;
      }
    }
  }
  return skipped;
};

export type FormState = {
  /** The answers that count: no answer to a skipped question, no option that is no longer offered. */
  answers: DraftAnswers;
  /** Questions skip logic leaves out. */
  skipped: Set<number>;
  questionsById: Map<number, QuestionNode>;
};

/**
 * The form as the given answers leave it. Answers are kept as typed (going back and choosing
 * differently brings them back); what counts is recomputed until skip logic and conditional
 * options agree, since each can change the other.
 */
export const evaluateForm = (tree: QuestionNode[], typed: DraftAnswers): FormState => {
  const questions = [...answerableInOrder(tree)];
  const questionsById = new Map(questions.map((question) => [question.id, question]));
  let answers: DraftAnswers = typed;
  let skipped = new Set<number>();
  for (let round = 0; round <= questions.length; round++) {
    skipped = skippedBy(tree, answers);
    const next: DraftAnswers = {};
    for (const question of questions) {
      if (skipped.has(question.id)) continue;
      const cleaned = cleanAnswer(question, typed[question.id], visibleOptions(question, answers, questionsById));
      if (cleaned) next[question.id] = cleaned;
    }
    const settled = JSON.stringify(next) === JSON.stringify(answers);
    answers = next;
    if (settled) break;
  }
  return { answers, skipped, questionsById };
};

const numberIn = (text: string | null): number | null => {
  if (text === null || text.trim() === '') return null;
  const number = Number(text.trim().replace(',', '.'));
  return Number.isFinite(number) ? number : null;
};

export type Limits = { min: number | null; max: number | null };

/** A question's limits when they read as numbers (the server enforces only those); null otherwise. */
export const numericLimits = (question: QuestionNode): Limits | null => {
  const min = numberIn(question.limMin);
  const max = numberIn(question.limMax);
  if (min === null && max === null) return null;
  if (question.questionType !== 'TEXT' && question.questionType !== 'MULTIPLE_CHOICE') return null;
  return { min, max };
};

/**
 * What is wrong with an answer for the question's limits, as the server checks them: a TEXT
 * answer must be a number within them, a MULTIPLE_CHOICE must choose that many options. An
 * unanswered question meets every limit.
 */
export const limitProblem = (
  question: QuestionNode,
  answer: DraftAnswer | undefined,
): { kind: 'number' | 'count'; limits: Limits } | null => {
  const limits = numericLimits(question);
  if (!limits || isBlankAnswer(answer)) return null;
  const outside = (amount: number) =>
    (limits.min !== null && amount < limits.min) || (limits.max !== null && amount > limits.max);
  if (question.questionType === 'TEXT') {
    const amount = numberIn(answer!.text);
    return amount === null || outside(amount) ? { kind: 'number', limits } : null;
  }
  return outside(answer!.choices.length) ? { kind: 'count', limits } : null;
};

/**
 * The answers as POST /collect/submissions takes them: choices by option value (a multiple choice
 * comma-separated, in option order), the typed text in `value` for TEXT and in `value2` otherwise.
 */
export const answerInputs = (tree: QuestionNode[], form: FormState): AssetAnswerInput[] =>
  [...answerableInOrder(tree)].flatMap((question) => {
    const answer = form.answers[question.id];
    if (!answer) return [];
    if (!isChoiceQuestion(question)) return [{ questionId: question.id, value: answer.text.trim(), value2: null }];
    const value = question.options
      .filter((option) => answer.choices.includes(option.value))
      .map((option) => option.value)
      .join(',');
    const text = answer.text.trim();
    return [{ questionId: question.id, value, value2: text === '' ? null : text }];
  });
