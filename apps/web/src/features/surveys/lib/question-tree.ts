import {
  CHOICE_TYPES,
  holdsQuestions,
  type QuestionCategory,
  type QuestionType,
} from '@trashegimia/contract/questions';
import { compareQuestionNr } from '@/shared/surveys/question-number';
import { blankOption, blankQuestion, liveOptions, type DraftOption, type DraftQuestion } from './survey-draft';

const byNumber = (a: DraftQuestion, b: DraftQuestion) => compareQuestionNr(a.questionNr, b.questionNr);

/** The questions directly under a parent (null: the top level), by number. */
const childrenOf = (questions: DraftQuestion[], parentKey: string | null) =>
  questions.filter((question) => question.parentKey === parentKey).sort(byNumber);

/** Children grouped by parent key ('' for the top level), each list by number. */
export const childrenByParent = (questions: DraftQuestion[]) => {
  const groups = new Map<string, DraftQuestion[]>();
  for (const question of questions) {
    const parent = question.parentKey ?? '';
    const siblings = groups.get(parent);
    if (siblings) siblings.push(question);
    else groups.set(parent, [question]);
  }
  for (const siblings of groups.values()) siblings.sort(byNumber);
  return groups;
};

/** The whole survey in reading order: each question followed by its sub-questions. */
export const inReadingOrder = (questions: DraftQuestion[]) => {
  const groups = childrenByParent(questions);
  const visit = (parentKey: string): DraftQuestion[] =>
    (groups.get(parentKey) ?? []).flatMap((question) => [question, ...visit(question.key)]);
  return visit('');
};

/** The question and every question below it. */
export const subtreeKeys = (questions: DraftQuestion[], rootKey: string) => {
  const groups = childrenByParent(questions);
  const keys = [rootKey];
  for (let index = 0; index < keys.length; index++) {
    for (const child of groups.get(keys[index]!) ?? []) keys.push(child.key);
  }
  return keys;
};

/** The number of a new question after the last one under the parent, skipping numbers in use. */
const nextQuestionNr = (questions: DraftQuestion[], parentKey: string | null) => {
  const parent = parentKey === null ? null : questions.find((question) => question.key === parentKey);
  const prefix = parent ? `${parent.questionNr}.` : '';
  const taken = new Set(questions.map((question) => question.questionNr));
  const last = Math.max(
    0,
    ...childrenOf(questions, parentKey)
      .filter((question) => question.questionNr.startsWith(prefix))
      .map((question) => Number(question.questionNr.slice(prefix.length).split('.')[0]))
      .filter(Number.isInteger),
  );
  let next = last + 1;
  while (taken.has(`${prefix}${next}`)) next += 1;
  return `${prefix}${next}`;
};

/** Adds a question (or chapter, or group) after the last one under the parent. */
export const addQuestion = (
  questions: DraftQuestion[],
  parentKey: string | null,
  category: QuestionCategory = 'PARENT',
): { questions: DraftQuestion[]; added: DraftQuestion } => {
  const added = blankQuestion(nextQuestionNr(questions, parentKey), parentKey, category);
  return { questions: [...questions, added], added };
};

/**
 * Applies new numbers: each renamed question's sub-questions follow it (1.2.3 becomes 2.1.3 when
 * 1.2 becomes 2.1), and skip logic pointing at a renamed number points at its new one.
 */
const renumber = (questions: DraftQuestion[], renamed: Map<string, string>) => {
  const byKey = new Map(questions.map((question) => [question.key, question]));
  const numberOf = new Map<string, string>();
  for (const [key, newNr] of renamed) {
    const root = byKey.get(key);
    if (!root) continue;
    numberOf.set(root.questionNr, newNr);
    for (const below of subtreeKeys(questions, key).slice(1)) {
      const nr = byKey.get(below)?.questionNr;
      if (nr?.startsWith(`${root.questionNr}.`)) numberOf.set(nr, `${newNr}${nr.slice(root.questionNr.length)}`);
    }
  }
  const renameOption = (option: DraftOption) => {
    const target = numberOf.get(option.toQuestionNr.trim());
    return target === undefined ? option : { ...option, toQuestionNr: target };
  };
  return questions.map((question) => {
    const questionNr = numberOf.get(question.questionNr) ?? question.questionNr;
    const options = question.options.some((option) => numberOf.has(option.toQuestionNr.trim()))
      ? question.options.map(renameOption)
      : question.options;
    return questionNr === question.questionNr && options === question.options
      ? question
      : { ...question, questionNr, options };
  });
};

/** Swaps the question with its previous or next sibling: their numbers, and their sub-questions' numbers. */
export const moveQuestion = (questions: DraftQuestion[], key: string, direction: 'up' | 'down') => {
  const question = questions.find((candidate) => candidate.key === key);
  if (!question) return questions;
  const siblings = childrenOf(questions, question.parentKey);
  const position = siblings.findIndex((sibling) => sibling.key === key);
  const other = siblings[direction === 'up' ? position - 1 : position + 1];
  if (!other) return questions;
  return renumber(
    questions,
    new Map([
      [question.key, other.questionNr],
      [other.key, question.questionNr],
    ]),
  );
};

/** Removes the question with its sub-questions; options that depended on them depend on nothing. */
export const removeQuestion = (questions: DraftQuestion[], key: string) => {
  const removed = new Set(subtreeKeys(questions, key));
  return questions
    .filter((question) => !removed.has(question.key))
    .map((question) =>
      question.options.some((option) => option.conditionalParentKey && removed.has(option.conditionalParentKey))
        ? {
            ...question,
            options: question.options.map((option) =>
              option.conditionalParentKey && removed.has(option.conditionalParentKey)
                ? { ...option, conditionalParentKey: null, conditionalParentQuestionValue: '' }
                : option,
            ),
          }
        : question,
    );
};

/** Spec §4: a question becoming TEXT without options gets one blank option. */
export const withType = (question: DraftQuestion, questionType: QuestionType): DraftQuestion => {
  const needsBlank =
    questionType === 'TEXT' && question.questionOptionsId === null && liveOptions(question.options).length === 0;
  return {
    ...question,
    questionType,
    options: needsBlank ? [...question.options, blankOption(nextOptionOrder(question.options))] : question.options,
  };
};

/** Chapters and groups carry only a number and titles (spec §5); a question needs a type. */
export const withCategory = (question: DraftQuestion, questionCategory: QuestionCategory): DraftQuestion => {
  if (holdsQuestions(questionCategory)) {
    return {
      ...question,
      questionCategory,
      questionType: null,
      questionIdentifier: null,
      limMin: '',
      limMax: '',
      questionOptionsId: null,
    };
  }
  const becomesQuestion = { ...question, questionCategory };
  return question.questionType === null ? withType(becomesQuestion, 'TEXT') : becomesQuestion;
};

export const nextOptionOrder = (options: DraftOption[]) =>
  Math.max(0, ...options.map((option) => option.optionOrder)) + 1;

export const isChoiceQuestion = (question: Pick<DraftQuestion, 'questionCategory' | 'questionType'>) =>
  question.questionCategory === 'PARENT' &&
  question.questionType !== null &&
  CHOICE_TYPES.includes(question.questionType);

/** The options a question offers: its own, or those of the question it borrows from. */
export const optionsOf = (questions: DraftQuestion[], question: DraftQuestion): DraftOption[] => {
  if (question.questionOptionsId === null) return liveOptions(question.options);
  const source = questions.find((candidate) => candidate.id === question.questionOptionsId);
  return source ? liveOptions(source.options) : [];
};

/**
 * Adds questions the server just imported from the library. Their numbers came from the saved
 * survey; one already used here by an unsaved question moves to the next free number, which the
 * next save then stores.
 */
export const addImportedQuestions = (questions: DraftQuestion[], imported: DraftQuestion[]) => {
  let result = questions.filter((question) => !imported.some((added) => added.key === question.key));
  for (const question of imported) {
    const taken = result.some((other) => other.questionNr === question.questionNr);
    const questionNr = taken ? nextQuestionNr(result, question.parentKey) : question.questionNr;
    result = [...result, { ...question, questionNr }];
  }
  return result;
};
