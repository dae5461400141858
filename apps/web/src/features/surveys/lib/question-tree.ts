import {
  CHOICE_TYPES,
  holdsQuestions,
  QUESTION_NR_MAX_PARTS,
  type QuestionCategory,
  type QuestionType,
} from '@trashegimia/contract/questions';
import { compareQuestionNr } from '@trashegimia/contract/question-numbers';
import {
  blankOption,
  blankQuestion,
  liveOptions,
  type ClearedReference,
  type DraftOption,
  type DraftQuestion,
} from './survey-draft';

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

/** The question and every question below it, from the children lists of {@link childrenByParent}. */
const keysBelow = (groups: Map<string, DraftQuestion[]>, rootKey: string) => {
  const keys = [rootKey];
  for (let index = 0; index < keys.length; index++) {
    for (const child of groups.get(keys[index]!) ?? []) keys.push(child.key);
  }
  return keys;
};

const partsOf = (questionNr: string) => questionNr.split('.').length;

/** Whether a question can go under this one without a number longer than a survey keeps. */
export const hasRoomBelow = (question: DraftQuestion) => partsOf(question.questionNr) < QUESTION_NR_MAX_PARTS;

/** How many levels the question and those below it take: 1 alone, 2 with sub-questions, … */
const levelsOf = (questions: DraftQuestion[], question: DraftQuestion) => {
  const below = new Set(subtreeKeys(questions, question.key));
  const deepest = Math.max(
    ...questions.filter((other) => below.has(other.key)).map((other) => partsOf(other.questionNr)),
  );
  return deepest - partsOf(question.questionNr) + 1;
};

/** The question and every question below it. */
export const subtreeKeys = (questions: DraftQuestion[], rootKey: string) =>
  keysBelow(childrenByParent(questions), rootKey);

/** The number after the last sibling's under the prefix, skipping numbers in use. */
const nextNumberUnder = (prefix: string, siblingNrs: string[], taken: Set<string>) => {
  // The segment after the prefix: a sibling's own place, even where its number runs deeper.
  const last = Math.max(
    0,
    ...siblingNrs
      .filter((nr) => nr.startsWith(prefix))
      .map((nr) => Number(nr.slice(prefix.length).split('.')[0]))
      .filter(Number.isInteger),
  );
  let next = last + 1;
  while (taken.has(`${prefix}${next}`)) next += 1;
  return `${prefix}${next}`;
};

/** The number of a new question after the last one under the parent, skipping numbers in use. */
const nextQuestionNr = (questions: DraftQuestion[], parentKey: string | null) => {
  const parent = parentKey === null ? null : questions.find((question) => question.key === parentKey);
  return nextNumberUnder(
    parent ? `${parent.questionNr}.` : '',
    childrenOf(questions, parentKey).map((question) => question.questionNr),
    new Set(questions.map((question) => question.questionNr)),
  );
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
 * Old number → new number for each renamed question and the sub-questions below it, which follow
 * it: 1.2.3 becomes 2.1.3 when 1.2 becomes 2.1.
 */
const numbersFollowing = (
  groups: Map<string, DraftQuestion[]>,
  byKey: Map<string, DraftQuestion>,
  renamed: Map<string, string>,
) => {
  const numberOf = new Map<string, string>();
  for (const [key, newNr] of renamed) {
    const root = byKey.get(key);
    if (!root) continue;
    numberOf.set(root.questionNr, newNr);
    for (const below of keysBelow(groups, key).slice(1)) {
      const nr = byKey.get(below)!.questionNr;
      if (nr.startsWith(`${root.questionNr}.`)) numberOf.set(nr, `${newNr}${nr.slice(root.questionNr.length)}`);
    }
  }
  return numberOf;
};

/**
 * Renames for the siblings after a question that leaves its place: each takes the number of the
 * one before it, so deleting 2 of 1, 2, 3 leaves 1, 2.
 */
const closingTheGap = (groups: Map<string, DraftQuestion[]>, question: DraftQuestion) => {
  const siblings = groups.get(question.parentKey ?? '') ?? [];
  const position = siblings.indexOf(question);
  return new Map(
    siblings.slice(position + 1).map((sibling, index) => [sibling.key, siblings[position + index]!.questionNr]),
  );
};

type Rearrangement = {
  /** Old number → new number (see {@link numbersFollowing}). */
  numberOf: Map<string, string>;
  /** Questions that leave the survey. */
  removed?: Set<string>;
  /** A question that goes under another parent. */
  moved?: { key: string; parentKey: string | null };
};

/**
 * Applies new numbers and parents and drops removed questions. Skip targets follow the questions
 * they pointed at; a skip target or condition on a removed question is cleared and reported.
 */
const rearrange = (questions: DraftQuestion[], { numberOf, removed = new Set(), moved }: Rearrangement) => {
  const removedNrs = new Set(
    questions.filter((question) => removed.has(question.key)).map((question) => question.questionNr),
  );
  const numberOfKey = new Map(questions.map((question) => [question.key, question.questionNr]));
  const cleared: ClearedReference[] = [];

  const relink = (question: DraftQuestion, option: DraftOption) => {
    let relinked = option;
    const target = option.toQuestionNr.trim();
    if (removedNrs.has(target)) {
      if (option.validateType === 'NEXT_QUESTION') {
        cleared.push({ questionKey: question.key, optionKey: option.key, kind: 'skipTarget', deletedNr: target });
      }
      relinked = { ...relinked, toQuestionNr: '' };
    } else if (numberOf.has(target)) {
      relinked = { ...relinked, toQuestionNr: numberOf.get(target)! };
    }
    if (option.conditionalParentKey !== null && removed.has(option.conditionalParentKey)) {
      const deletedNr = numberOfKey.get(option.conditionalParentKey)!;
      cleared.push({ questionKey: question.key, optionKey: option.key, kind: 'condition', deletedNr });
      relinked = { ...relinked, conditionalParentKey: null, conditionalParentQuestionValue: '' };
    }
    return relinked;
  };

  const kept = questions
    .filter((question) => !removed.has(question.key))
    .map((question) => {
      const questionNr = numberOf.get(question.questionNr) ?? question.questionNr;
      const parentKey = moved?.key === question.key ? moved.parentKey : question.parentKey;
      const relinked = question.options.map((option) => relink(question, option));
      const options = relinked.some((option, index) => option !== question.options[index])
        ? relinked
        : question.options;
      return questionNr === question.questionNr && parentKey === question.parentKey && options === question.options
        ? question
        : { ...question, questionNr, parentKey, options };
    });
  return { questions: kept, cleared };
};

/** Swaps the question with its previous or next sibling: their numbers, and their sub-questions' numbers. */
export const moveQuestion = (questions: DraftQuestion[], key: string, direction: 'up' | 'down') => {
  const question = questions.find((candidate) => candidate.key === key);
  if (!question) return questions;
  const siblings = childrenOf(questions, question.parentKey);
  const position = siblings.findIndex((sibling) => sibling.key === key);
  const other = siblings[direction === 'up' ? position - 1 : position + 1];
  if (!other) return questions;
  const renamed = new Map([
    [question.key, other.questionNr],
    [other.key, question.questionNr],
  ]);
  const byKey = new Map(questions.map((candidate) => [candidate.key, candidate]));
  return rearrange(questions, { numberOf: numbersFollowing(childrenByParent(questions), byKey, renamed) }).questions;
};

/**
 * Deletes the question with its sub-questions. The questions after it move up one place (their
 * sub-questions follow); skip targets follow them, and what pointed at a deleted question is
 * cleared and returned, for the editor to list.
 */
export const removeQuestion = (questions: DraftQuestion[], key: string) => {
  const question = questions.find((candidate) => candidate.key === key);
  if (!question) return { questions, cleared: [] };
  const groups = childrenByParent(questions);
  const byKey = new Map(questions.map((candidate) => [candidate.key, candidate]));
  return rearrange(questions, {
    numberOf: numbersFollowing(groups, byKey, closingTheGap(groups, question)),
    removed: new Set(keysBelow(groups, key)),
  });
};

/**
 * A saved question cannot go under a chapter or group not saved yet: a save sends the saved
 * questions first, and the numbers closing the gap it leaves would collide with its old one, still
 * stored until the new parent exists.
 */
const waitsForSave = (question: DraftQuestion, parent: DraftQuestion | null) =>
  question.id !== null && parent !== null && parent.id === null;

export type MoveDestination = {
  /** The chapter or group; null for the top level. */
  parent: DraftQuestion | null;
  waitsForSave: boolean;
};

/** Where the question can move: the top level and every chapter or group outside it, but not where it is. */
export const moveDestinations = (questions: DraftQuestion[], question: DraftQuestion): MoveDestination[] => {
  const inside = new Set(subtreeKeys(questions, question.key));
  const levels = levelsOf(questions, question);
  const holders = inReadingOrder(questions).filter(
    (candidate) =>
      holdsQuestions(candidate.questionCategory) &&
      !inside.has(candidate.key) &&
      candidate.key !== question.parentKey &&
      partsOf(candidate.questionNr) + levels <= QUESTION_NR_MAX_PARTS,
  );
  return [
    ...(question.parentKey === null ? [] : [{ parent: null, waitsForSave: false }]),
    ...holders.map((parent) => ({ parent, waitsForSave: waitsForSave(question, parent) })),
  ];
};

/**
 * Moves the question, with its options and sub-questions, under another chapter or group (or to
 * the top level), after the last question there. The questions after its old place move up one
 * place, and skip targets follow every renumbered question.
 */
export const moveQuestionInto = (questions: DraftQuestion[], key: string, parentKey: string | null) => {
  const byKey = new Map(questions.map((candidate) => [candidate.key, candidate]));
  const question = byKey.get(key);
  const parent = parentKey === null ? null : byKey.get(parentKey);
  if (!question || parent === undefined || question.parentKey === parentKey) return questions;
  const groups = childrenByParent(questions);
  const moving = new Set(keysBelow(groups, key));
  if (parent && !moveDestinations(questions, question).some((destination) => destination.parent === parent)) {
    return questions;
  }
  if (parent && waitsForSave(question, parent)) return questions;

  const renamed = closingTheGap(groups, question);
  // The new parent may itself be renumbered by the gap closing behind the question.
  const shifted = numbersFollowing(groups, byKey, renamed);
  const newNr = (nr: string) => shifted.get(nr) ?? nr;
  renamed.set(
    key,
    nextNumberUnder(
      parent ? `${newNr(parent.questionNr)}.` : '',
      (groups.get(parentKey ?? '') ?? []).map((sibling) => newNr(sibling.questionNr)),
      new Set(questions.filter((other) => !moving.has(other.key)).map((other) => newNr(other.questionNr))),
    ),
  );
  return rearrange(questions, {
    numberOf: numbersFollowing(groups, byKey, renamed),
    moved: { key, parentKey },
  }).questions;
};

/** NUMBER and DATE are answered by typing only: their card shows no options and borrows none. */
export const takesOptions = (questionType: QuestionType | null) => questionType !== 'NUMBER' && questionType !== 'DATE';

/** DATE takes no limits; NUMBER reads them as bounds, TEXT and MULTIPLE_CHOICE as the spec's free text. */
export const takesLimits = (questionType: QuestionType | null) => questionType !== null && questionType !== 'DATE';

/**
 * Spec §4: a question becoming TEXT without options gets one blank option; so does one becoming
 * NUMBER or DATE, which are answered by typing as TEXT is, and stop borrowing options.
 */
export const withType = (question: DraftQuestion, questionType: QuestionType): DraftQuestion => {
  const questionOptionsId = takesOptions(questionType) ? question.questionOptionsId : null;
  const needsBlank =
    !CHOICE_TYPES.includes(questionType) && questionOptionsId === null && liveOptions(question.options).length === 0;
  const limits = takesLimits(questionType) ? {} : { limMin: '', limMax: '' };
  return {
    ...question,
    ...limits,
    questionType,
    questionOptionsId,
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
      required: false,
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
