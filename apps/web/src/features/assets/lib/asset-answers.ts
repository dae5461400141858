import type { AnswerDetail, AssetAnswerInput, AssetDetail, UpdateAssetBody } from '@trashegimia/contract/assets';
import { isChoiceType, type QuestionNode, type QuestionOption } from '@trashegimia/contract/questions';
import {
  chosenValues,
  isOptionOffered,
  MULTIPLE_CHOICE_SEPARATOR,
  numberAnswer,
} from '@trashegimia/contract/answer-values';

/**
 * One question's answer as the editor holds it: `value` is '' for none, an option's value for a
 * choice, the chosen values comma-separated for a multiple choice (spec §5); `value2` is the free
 * text of SELECT_AND_TEXT and of an 'other' option.
 */
export type AnswerValue = { value: string; value2: string };

/** The answers the admin changed, by question id; questions not in it keep their stored answer. */
export type AnswerEdits = ReadonlyMap<number, AnswerValue>;

export const NO_ANSWER: AnswerValue = { value: '', value2: '' };

/** Multiple-choice values in the order of the question's options (unknown ones last), comma-joined. */
export const joinChoices = (question: QuestionNode, values: string[]): string => {
  const position = (value: string) => {
    const index = question.options.findIndex((option) => option.value === value);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...values].sort((a, b) => position(a) - position(b)).join(MULTIPLE_CHOICE_SEPARATOR);
};

/**
 * The stored answers by question, as the editor holds them: a multiple choice comes as one entry
 * per chosen option and becomes one comma-joined value; the free text is the one entry that has it.
 */
export const storedAnswers = (
  answers: AnswerDetail[],
  questions: ReadonlyMap<number, QuestionNode>,
): Map<number, AnswerValue> => {
  const entries = new Map<number, AnswerDetail[]>();
  for (const answer of answers) entries.set(answer.questionId, [...(entries.get(answer.questionId) ?? []), answer]);
  const stored = new Map<number, AnswerValue>();
  for (const [questionId, rows] of entries) {
    const values = rows.flatMap((row) => (row.value?.trim() ? [row.value] : []));
    const question = questions.get(questionId);
    const value =
      question?.questionType === 'MULTIPLE_CHOICE'
        ? joinChoices(question, values)
        : values.join(MULTIPLE_CHOICE_SEPARATOR);
    const value2 = rows.find((row) => row.value2?.trim())?.value2 ?? '';
    stored.set(questionId, { value, value2 });
  }
  return stored;
};

/** The answer on screen: the admin's edit, else the stored one. */
export const currentAnswer = (
  questionId: number,
  stored: ReadonlyMap<number, AnswerValue>,
  edits: AnswerEdits,
): AnswerValue => edits.get(questionId) ?? stored.get(questionId) ?? NO_ANSWER;

/**
 * The options to offer now (spec §5): an option with a conditional parent only while that
 * question's current answer (edited or stored) is the option's condition value.
 */
export const visibleOptions = (
  question: QuestionNode,
  questions: ReadonlyMap<number, QuestionNode>,
  answerOf: (questionId: number) => AnswerValue,
): QuestionOption[] =>
  question.options.filter((option) =>
    isOptionOffered(option, (parentId) => chosenValues(questions.get(parentId), answerOf(parentId).value)),
  );

/** Whether the answer carries free text: always for SELECT_AND_TEXT, else when an 'other' option is chosen. */
export const takesFreeText = (question: QuestionNode, answer: AnswerValue): boolean => {
  if (question.questionType === 'SELECT_AND_TEXT') return true;
  if (!isChoiceType(question.questionType)) return false;
  const chosen = chosenValues(question, answer.value);
  return question.options.some((option) => option.isAnother && chosen.includes(option.value));
};

/** The answer as the server stores it: trimmed, a number with a decimal dot, blank as none, free text only where it belongs. */
const normalized = (question: QuestionNode | undefined, answer: AnswerValue) => {
  const value = question?.questionType === 'NUMBER' ? numberAnswer(answer.value) : answer.value.trim();
  const value2 = answer.value2.trim();
  const keepsText = question === undefined || question.questionType === 'TEXT' || takesFreeText(question, answer);
  return { value: value || null, value2: keepsText && value2 ? value2 : null };
};

const sameAnswer = (question: QuestionNode | undefined, left: AnswerValue, right: AnswerValue) => {
  const a = normalized(question, left);
  const b = normalized(question, right);
  if (a.value2 !== b.value2) return false;
  if (question?.questionType !== 'MULTIPLE_CHOICE') return a.value === b.value;
  const chosenA = chosenValues(question, left.value);
  const chosenB = new Set(chosenValues(question, right.value));
  return chosenA.length === chosenB.size && chosenA.every((value) => chosenB.has(value));
};

type AnswerContext = {
  questions: ReadonlyMap<number, QuestionNode>;
  stored: ReadonlyMap<number, AnswerValue>;
};

/** The questions with an option that depends on `parentId`'s answer. */
const dependentsOf = (questions: ReadonlyMap<number, QuestionNode>, parentId: number) =>
  [...questions.values()].filter((question) =>
    question.options.some((option) => option.conditionalParentQuestionId === parentId),
  );

const isOption = (question: QuestionNode, value: string) => question.options.some((option) => option.value === value);

const identical = (left: AnswerValue, right: AnswerValue) => left.value === right.value && left.value2 === right.value2;

/**
 * Sets one answer, as typed (one identical to the stored answer is no edit). When its meaning
 * changes, the edits of questions whose options depend on it are discarded (spec §4), and a stored
 * answer of theirs that the new answer no longer offers is cleared, so nothing hidden is kept or
 * saved; that in turn applies to the questions depending on them.
 */
export const editAnswer = (
  { questions, stored }: AnswerContext,
  edits: AnswerEdits,
  questionId: number,
  answer: AnswerValue,
): Map<number, AnswerValue> => {
  const next = new Map(edits);
  const set = (id: number, value: AnswerValue) => {
    if (identical(value, stored.get(id) ?? NO_ANSWER)) next.delete(id);
    else next.set(id, value);
  };
  const before = (id: number) => currentAnswer(id, stored, edits);
  set(questionId, answer);
  if (sameAnswer(questions.get(questionId), answer, before(questionId))) return next;

  const changed = [questionId];
  const visited = new Set(changed);
  while (changed.length > 0) {
    const parentId = changed.shift()!;
    for (const dependent of dependentsOf(questions, parentId)) {
      if (visited.has(dependent.id)) continue;
      visited.add(dependent.id);
      next.delete(dependent.id);
      const kept = stored.get(dependent.id) ?? NO_ANSWER;
      const offered = new Set(
        visibleOptions(dependent, questions, (id) => currentAnswer(id, stored, next)).map((option) => option.value),
      );
      const choices = chosenValues(dependent, kept.value);
      const stillOffered = choices.filter((value) => offered.has(value) || !isOption(dependent, value));
      if (stillOffered.length < choices.length) {
        const value = dependent.questionType === 'MULTIPLE_CHOICE' ? joinChoices(dependent, stillOffered) : '';
        set(dependent.id, value === '' ? NO_ANSWER : { ...kept, value });
      }
      if (!sameAnswer(dependent, currentAnswer(dependent.id, stored, next), before(dependent.id))) {
        changed.push(dependent.id);
      }
    }
  }
  return next;
};

/** The question whose answer a refused save names in its `field` (`answers.<index>…` of the body sent), if any. */
export const refusedQuestionId = (field: string | null, body: UpdateAssetBody): number | null => {
  const index = /^answers\.(\d+)(?:\.|$)/.exec(field ?? '')?.[1];
  return index === undefined ? null : (body.answers?.[Number(index)]?.questionId ?? null);
};

/** What the editor holds besides the answers: a changed comment or dataset, when the admin changed them. */
export type AssetDraft = { comments?: string; datasetId?: number; answers: AnswerEdits };

/** The answers that differ from the stored ones, as PATCH /surveys/assets/{id} takes them. */
export const changedAnswers = (
  questions: ReadonlyMap<number, QuestionNode>,
  stored: ReadonlyMap<number, AnswerValue>,
  edits: AnswerEdits,
): AssetAnswerInput[] =>
  [...edits]
    .filter(
      ([questionId, answer]) => !sameAnswer(questions.get(questionId), answer, stored.get(questionId) ?? NO_ANSWER),
    )
    .map(([questionId, answer]) => {
      const question = questions.get(questionId);
      const value =
        question?.questionType === 'MULTIPLE_CHOICE'
          ? joinChoices(question, chosenValues(question, answer.value))
          : answer.value.trim();
      return { questionId, ...normalized(question, { ...answer, value }) };
    });

/**
 * The body of the save: the version read and only what changed (comment, dataset, answers);
 * null when nothing did.
 */
export const buildUpdateBody = (
  asset: Pick<AssetDetail, 'comments' | 'datasetId' | 'version'>,
  draft: AssetDraft,
  questions: ReadonlyMap<number, QuestionNode>,
  stored: ReadonlyMap<number, AnswerValue>,
): UpdateAssetBody | null => {
  const comments =
    draft.comments !== undefined && draft.comments.trim() !== (asset.comments ?? '').trim()
      ? draft.comments.trim() || null
      : undefined;
  const datasetId = draft.datasetId !== undefined && draft.datasetId !== asset.datasetId ? draft.datasetId : undefined;
  const answers = changedAnswers(questions, stored, draft.answers);
  if (comments === undefined && datasetId === undefined && answers.length === 0) return null;
  return {
    version: asset.version ?? 0,
    ...(comments !== undefined && { comments }),
    ...(datasetId !== undefined && { datasetId }),
    ...(answers.length > 0 && { answers }),
  };
};
