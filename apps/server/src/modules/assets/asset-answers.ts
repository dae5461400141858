import type { z } from 'zod';
import { isOptionOffered, numberAnswer, readDay, readNumber } from '@trashegimia/contract/answer-values';
import type { AssetAnswerInput } from '@trashegimia/contract/assets';
import { isOutside, limitRange, numericLimits } from '@trashegimia/contract/fill-rules';
import { isChoiceType } from '@trashegimia/contract/questions';
import { riskLevelFromRisk } from '@trashegimia/contract/risk-levels';
import { badRequest } from '../../errors';
import type { AssetEdit, OfferedOptionRow, StoredAnswerRow, SurveyQuestionRow } from './asset-review.repo';

type AnswerInput = z.output<typeof AssetAnswerInput>;

/** What the edit's answers are checked against. */
export type AnswerContext = {
  /** The survey's questions named by the edit, by id. */
  questions: Map<number, SurveyQuestionRow>;
  /** The options each of those questions offers (own or borrowed), by question id. */
  options: Map<number, OfferedOptionRow[]>;
  /** The asset's answers as stored. */
  stored: StoredAnswerRow[];
};

/**
 * The rows that replace the answers of the edit's questions, or a 400 naming the answer: a
 * question not of the asset's survey or not answerable, a question named twice, a choice that is
 * not an option of its question, or a conditional option whose parent's (new) answer is not its
 * condition. Choices are stored with their option's id; a multiple choice as one row per option.
 */
export function answerRows(inputs: AnswerInput[], context: AnswerContext): StoredAnswerRow[] {
  const seen = new Set<number>();
  inputs.forEach((input, index) => {
    const question = context.questions.get(input.questionId);
    if (!question) {
      throw badRequest(
        `answers.${index}.questionId`,
        `Question ${input.questionId} is not a question of this asset's survey`,
        'unknown_question',
      );
    }
    if (question.questionCategory !== 'PARENT') {
      throw badRequest(
        `answers.${index}.questionId`,
        `Question ${question.questionNr} is a chapter or group heading and takes no answer`,
        'unknown_question',
      );
    }
    if (seen.has(input.questionId)) {
      throw badRequest(`answers.${index}.questionId`, `Question ${question.questionNr} is answered twice`);
    }
    seen.add(input.questionId);
  });

  const rows = inputs.map((input, index) => ({ input, index, rows: rowsOf(input, index, context) }));
  const newValues = new Map(rows.map(({ input, rows: chosen }) => [input.questionId, chosen]));
  const valuesOf = (questionId: number) =>
    (newValues.get(questionId) ?? context.stored.filter((answer) => answer.questionId === questionId)).flatMap(
      (answer) => answer.value ?? [],
    );

  for (const { input, index, rows: chosen } of rows) {
    const offered = context.options.get(input.questionId) ?? [];
    for (const row of chosen) {
      const option = offered.find((candidate) => candidate.id === row.optionId);
      if (!option || isOptionOffered(option, valuesOf)) continue;
      // Not offered, so conditional: it has a parent question.
      const parentId = option.conditionalParentQuestionId!;
      const parentNr = context.questions.get(parentId)?.questionNr ?? `#${parentId}`;
      throw badRequest(
        `answers.${index}.value`,
        `"${option.value}" of question ${context.questions.get(input.questionId)?.questionNr} applies only when question ${parentNr} is answered "${option.conditionalParentQuestionValue}"`,
        'invalid_answer',
      );
    }
  }
  return rows.flatMap(({ rows: chosen }) => chosen);
}

function rowsOf(input: AnswerInput, index: number, context: AnswerContext): StoredAnswerRow[] {
  const question = context.questions.get(input.questionId)!;
  const value = input.value ?? null;
  const value2 = input.value2 ?? null;
  if (value === null && value2 === null) return [];
  if (question.questionType === 'NUMBER') {
    return [{ questionId: question.id, optionId: null, value: checkedNumber(question, value, index), value2 }];
  }
  if (question.questionType === 'DATE') {
    return [{ questionId: question.id, optionId: null, value: checkedDay(question, value, index), value2 }];
  }
  if (!isChoiceType(question.questionType)) {
    return [{ questionId: question.id, optionId: null, value, value2 }];
  }
  if (value === null) {
    throw badRequest(
      `answers.${index}.value`,
      `Question ${question.questionNr} needs one of its options`,
      'invalid_answer',
    );
  }
  const offered = usableOptions(question.id, context);
  const options =
    question.questionType === 'MULTIPLE_CHOICE' ? multipleChoice(value, offered) : [offered.get(value) ?? value];
  const unknown = options.find((option): option is string => typeof option === 'string');
  if (unknown !== undefined) {
    throw badRequest(
      `answers.${index}.value`,
      `"${unknown}" is not an option of question ${question.questionNr}`,
      'unknown_option',
    );
  }
  const chosen = options as OfferedOptionRow[];
  // The free text belongs to the 'other' option when one is chosen.
  const textHolder = chosen.find((option) => option.isAnother) ?? chosen[0];
  return chosen.map((option) => ({
    questionId: question.id,
    optionId: option.id,
    value: option.value,
    value2: option === textHolder ? value2 : null,
  }));
}

/** A NUMBER answer as stored (a dot for a decimal comma), or a 400 when it is no number or out of bounds. */
function checkedNumber(question: SurveyQuestionRow, value: string | null, index: number): string | null {
  if (value === null) return null;
  const number = readNumber(value);
  if (number === null) {
    throw badRequest(
      `answers.${index}.value`,
      `Question ${question.questionNr} takes a number, not "${value}"`,
      'invalid_answer',
    );
  }
  const limits = numericLimits(question);
  if (limits && isOutside(number, limits)) {
    throw badRequest(
      `answers.${index}.value`,
      `Question ${question.questionNr} takes a number from ${limitRange(limits)}`,
      'outside_limits',
    );
  }
  return numberAnswer(value);
}

/** A DATE answer as stored (YYYY-MM-DD), or a 400 when it is no calendar day. */
function checkedDay(question: SurveyQuestionRow, value: string | null, index: number): string | null {
  if (value === null) return null;
  const day = readDay(value);
  if (day === null) {
    throw badRequest(
      `answers.${index}.value`,
      `Question ${question.questionNr} takes a date such as 2024-05-31, not "${value}"`,
      'invalid_answer',
    );
  }
  return day;
}

/**
 * A 400 naming the first required question among `questionIds` that `rows` leave without an
 * answer (an edit that clears it).
 */
export function assertRequiredAnswered(
  questionIds: number[],
  questions: Map<number, SurveyQuestionRow>,
  rows: StoredAnswerRow[],
) {
  const answered = new Set(
    rows.filter((row) => (row.value ?? '') !== '' || (row.value2 ?? '') !== '').map((row) => row.questionId),
  );
  for (const [index, questionId] of questionIds.entries()) {
    const question = questions.get(questionId);
    if (question?.required && !answered.has(questionId)) {
      throw badRequest(`answers.${index}.value`, requiredMessage(question.questionNr), 'required_question');
    }
  }
}

export const requiredMessage = (questionNr: string) => `Question ${questionNr} must be answered`;

/** By value: the question's live options, and deleted ones the asset already has (an untouched old answer). */
function usableOptions(questionId: number, context: AnswerContext): Map<string, OfferedOptionRow> {
  const kept = new Set(
    context.stored.filter((answer) => answer.questionId === questionId).map((answer) => answer.optionId),
  );
  const usable = new Map<string, OfferedOptionRow>();
  for (const option of context.options.get(questionId) ?? []) {
    if ((!option.isDeleted || kept.has(option.id)) && !usable.has(option.value)) usable.set(option.value, option);
  }
  return usable;
}

/** Comma-separated values (spec §5); a value that itself holds a comma is taken whole when it is an option. */
function multipleChoice(value: string, offered: Map<string, OfferedOptionRow>): (OfferedOptionRow | string)[] {
  const whole = offered.get(value);
  if (whole) return [whole];
  const parts = [...new Set(value.split(',').map((part) => part.trim()))].filter((part) => part !== '');
  return parts.map((part) => offered.get(part) ?? part);
}

/** The asset columns kept from answers, by the identifier of the question they come from. */
export const IDENTIFIER_COLUMNS = {
  ASSET_NAME: 'name',
  MUNICIPALITY_NAME: 'municipality',
  VILLAGE_NAME: 'village',
  ASSET_TYPE: 'assetType',
  USABILITY: 'usability',
  ACCESS: 'access',
  RISK_LEVEL: 'risk',
} as const satisfies Record<string, keyof AssetEdit>;

export type Identifier = keyof typeof IDENTIFIER_COLUMNS;

export const isIdentifier = (identifier: string | null): identifier is Identifier =>
  identifier !== null && Object.hasOwn(IDENTIFIER_COLUMNS, identifier);

/**
 * The columns that follow the edited identifier questions: the answer's value (several joined
 * with ", "), null when cleared; the risk level with the risk.
 */
export function identifierColumns(
  identifierQuestions: { id: number; questionIdentifier: string | null }[],
  edited: Set<number>,
  rows: StoredAnswerRow[],
): AssetEdit {
  const columns: AssetEdit = {};
  for (const question of identifierQuestions) {
    if (!edited.has(question.id)) continue;
    const column = IDENTIFIER_COLUMNS[question.questionIdentifier as Identifier];
    const values = rows.filter((row) => row.questionId === question.id && row.value !== null).map((row) => row.value);
    const text = values.length > 0 ? values.join(', ') : null;
    columns[column] = text;
    if (column === 'risk') columns.riskLevel = riskLevelFromRisk(text);
  }
  return columns;
}
