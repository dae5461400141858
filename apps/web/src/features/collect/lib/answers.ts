import type { AssetAnswerInput } from '@trashegimia/contract/assets';
import { CHOICE_TYPES, type QuestionNode, type QuestionOption } from '@trashegimia/contract/questions';
import { isOptionOffered, numberAnswer, readDay, readNumber } from '@trashegimia/contract/answer-values';
import { compareQuestionNr } from '@trashegimia/contract/question-numbers';
import { answerableInOrder } from '@trashegimia/contract/question-numbers';

/**
 * What the collector entered for one question: the chosen option values (none for TEXT, NUMBER and
 * DATE) and the typed text (those answers, an 'other' option's description, or SELECT_AND_TEXT's detail).
 */
export type DraftAnswer = { choices: string[]; text: string };
/** By question id. */
export type DraftAnswers = Record<string, DraftAnswer>;

export const EMPTY_ANSWER: DraftAnswer = { choices: [], text: '' };

const isChoiceQuestion = (question: QuestionNode) =>
  question.questionType !== null && CHOICE_TYPES.includes(question.questionType);

export const isBlankAnswer = (answer: DraftAnswer | undefined) =>
  !answer || (answer.choices.length === 0 && answer.text.trim() === '');

/** The values a question's answer stands for, as a conditional option compares them. */
const valuesOf = (question: QuestionNode | undefined, answer: DraftAnswer | undefined): string[] => {
  if (!question || !answer) return [];
  return isChoiceQuestion(question) ? answer.choices : answer.text.trim() === '' ? [] : [answer.text.trim()];
};

/** The options a question offers now: a conditional option only while its parent's answer equals its value. */
export const visibleOptions = (
  question: QuestionNode,
  answers: DraftAnswers,
  questionsById: Map<number, QuestionNode>,
): QuestionOption[] =>
  question.options.filter((option) =>
    isOptionOffered(option, (parentId) => valuesOf(questionsById.get(parentId), answers[parentId])),
  );

/** Whether the typed text belongs in the answer: always for typed answers and SELECT_AND_TEXT, else for an 'other' choice. */
export const takesText = (question: QuestionNode, choices: string[]) =>
  !isChoiceQuestion(question) ||
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

export type Limits = { min: number | null; max: number | null };

/** A question's limits when they read as numbers (the server enforces only those); null otherwise. */
export const numericLimits = (question: QuestionNode): Limits | null => {
  const min = readNumber(question.limMin);
  const max = readNumber(question.limMax);
  if (min === null && max === null) return null;
  if (!['TEXT', 'NUMBER', 'MULTIPLE_CHOICE'].includes(question.questionType ?? '')) return null;
  return { min, max };
};

export type AnswerProblem =
  | { kind: 'required' | 'notNumber' | 'notDate' }
  /** A number outside the limits, or a multiple choice of too few or too many options. */
  | { kind: 'number' | 'count'; limits: Limits };

/**
 * What keeps an answer from being sent, as the server checks it: a required question left
 * unanswered; a NUMBER that is not a number, a DATE that is not a day; a number outside the
 * limits (a NUMBER, or a TEXT whose limits are numbers), a MULTIPLE_CHOICE choosing too few or too
 * many. `answer` is the one that counts (see evaluateForm): a question skip logic passes by is not
 * asked about at all.
 */
export const answerProblem = (question: QuestionNode, answer: DraftAnswer | undefined): AnswerProblem | null => {
  if (!answer || isBlankAnswer(answer)) return question.required ? { kind: 'required' } : null;
  if (question.questionType === 'DATE') return readDay(answer.text.trim()) === null ? { kind: 'notDate' } : null;
  const limits = numericLimits(question);
  if (question.questionType === 'NUMBER' || (question.questionType === 'TEXT' && limits)) {
    const amount = readNumber(answer.text);
    // With limits, "a number from 1 to 12" says both what is wrong and what to type.
    if (limits && (amount === null || outside(amount, limits))) return { kind: 'number', limits };
    return amount === null ? { kind: 'notNumber' } : null;
  }
  return limits && outside(answer.choices.length, limits) ? { kind: 'count', limits } : null;
};

/**
 * What keeps the question's answer from being sent in this form (answerProblem), except that a
 * choice none of whose options the earlier answers offer cannot be answered, required or not, as
 * the server agrees.
 */
export const problemInForm = (question: QuestionNode, form: FormState): AnswerProblem | null =>
  question.options.length > 0 && visibleOptions(question, form.answers, form.questionsById).length === 0
    ? null
    : answerProblem(question, form.answers[question.id]);

const outside = (amount: number, { min, max }: Limits) =>
  (min !== null && amount < min) || (max !== null && amount > max);

/**
 * The answers as POST /collect/submissions takes them: choices by option value (a multiple choice
 * comma-separated, in option order), the typed text in `value` for a typed answer (a number with a
 * decimal dot) and in `value2` otherwise.
 */
export const answerInputs = (tree: QuestionNode[], form: FormState): AssetAnswerInput[] =>
  [...answerableInOrder(tree)].flatMap((question) => {
    const answer = form.answers[question.id];
    if (!answer) return [];
    if (!isChoiceQuestion(question)) {
      const value = question.questionType === 'NUMBER' ? numberAnswer(answer.text) : answer.text.trim();
      return [{ questionId: question.id, value, value2: null }];
    }
    const value = question.options
      .filter((option) => answer.choices.includes(option.value))
      .map((option) => option.value)
      .join(',');
    const text = answer.text.trim();
    return [{ questionId: question.id, value, value2: text === '' ? null : text }];
  });
