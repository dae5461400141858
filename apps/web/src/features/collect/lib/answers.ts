import type { AssetAnswerInput } from '@trashegimia/contract/assets';
import { isOptionOffered, numberAnswer, readDay, readNumber } from '@trashegimia/contract/answer-values';
import {
  brokenLimit,
  offersAnAnswer,
  skippedQuestions,
  type BrokenLimit,
  type ChosenIn,
} from '@trashegimia/contract/fill-rules';
import { isChoiceType, type QuestionNode, type QuestionOption } from '@trashegimia/contract/questions';
import { answerableInOrder } from '@trashegimia/contract/question-numbers';

/**
 * What the collector entered for one question: the chosen option values (none for TEXT, NUMBER and
 * DATE) and the typed text (those answers, an 'other' option's description, or SELECT_AND_TEXT's detail).
 */
export type DraftAnswer = { choices: string[]; text: string };
/** By question id. */
export type DraftAnswers = Record<string, DraftAnswer>;

export const EMPTY_ANSWER: DraftAnswer = { choices: [], text: '' };

const isChoiceQuestion = (question: QuestionNode) => isChoiceType(question.questionType);

export const isBlankAnswer = (answer: DraftAnswer | undefined) =>
  !answer || (answer.choices.length === 0 && answer.text.trim() === '');

/** The values each question's answer stands for, as a conditional option compares them. */
const chosenInAnswers =
  (answers: DraftAnswers, questionsById: Map<number, QuestionNode>): ChosenIn =>
  (questionId) => {
    const question = questionsById.get(questionId);
    const answer = answers[questionId];
    if (!question || !answer) return [];
    return isChoiceQuestion(question) ? answer.choices : answer.text.trim() === '' ? [] : [answer.text.trim()];
  };

/** The options a question offers now: a conditional option only while its parent's answer equals its value. */
export const visibleOptions = (
  question: QuestionNode,
  answers: DraftAnswers,
  questionsById: Map<number, QuestionNode>,
): QuestionOption[] =>
  question.options.filter((option) => isOptionOffered(option, chosenInAnswers(answers, questionsById)));

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

export type FormState = {
  /** The answers that count: no answer to a skipped question, no option that is no longer offered. */
  answers: DraftAnswers;
  /** Questions skip logic leaves out (contract fill-rules). */
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
    skipped = new Set(skippedQuestions(tree, chosenInAnswers(answers, questionsById)).keys());
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

export type AnswerProblem = { kind: 'required' | 'notNumber' | 'notDate' } | BrokenLimit;

/**
 * What keeps an answer from being sent, as the server checks it: a required question left
 * unanswered; a NUMBER that is not a number, a DATE that is not a day; a broken limit (contract
 * fill-rules: with limits, "a number from 1 to 12" says both what is wrong and what to type).
 * `answer` is the one that counts (see evaluateForm): a question skip logic passes by is not
 * asked about at all.
 */
export const answerProblem = (question: QuestionNode, answer: DraftAnswer | undefined): AnswerProblem | null => {
  if (!answer || isBlankAnswer(answer)) return question.required ? { kind: 'required' } : null;
  if (question.questionType === 'DATE') return readDay(answer.text.trim()) === null ? { kind: 'notDate' } : null;
  const broken = brokenLimit(question, { text: answer.text, choiceCount: answer.choices.length });
  if (broken) return broken;
  return question.questionType === 'NUMBER' && readNumber(answer.text) === null ? { kind: 'notNumber' } : null;
};

/**
 * What keeps the question's answer from being sent in this form (answerProblem), except that a
 * choice none of whose options the earlier answers offer cannot be answered, required or not, as
 * the server agrees.
 */
export const problemInForm = (question: QuestionNode, form: FormState): AnswerProblem | null =>
  offersAnAnswer(question, chosenInAnswers(form.answers, form.questionsById))
    ? answerProblem(question, form.answers[question.id])
    : null;

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
