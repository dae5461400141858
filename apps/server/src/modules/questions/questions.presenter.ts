import type { Language } from '@trashegimia/contract/common';
import {
  type QuestionNode,
  type QuestionOption,
  QuestionCategory,
  QuestionIdentifier,
  QuestionType,
  ValidateType,
} from '@trashegimia/contract/questions';
import { localizedFields } from '@trashegimia/contract/localized-text';
import type { TreeNode } from './question-tree';
import type { OptionRow, QuestionRow } from './questions.repo';

/** A stored code the contract does not know (older data) reads as none rather than failing the whole tree. */
const known = <T>(schema: { safeParse: (value: unknown) => { data?: T } }, value: unknown): T | null =>
  schema.safeParse(value).data ?? null;

export const presentOption = (row: OptionRow, language: Language): QuestionOption => ({
  id: row.id,
  questionId: row.questionId,
  value: row.value,
  optionOrder: row.optionOrder,
  ...localizedFields(row, 'description', language),
  validateType: known(ValidateType, row.validateType),
  toQuestionNr: row.toQuestionNr,
  ...localizedFields(row, 'disclaimer', language),
  conditionalParentQuestionId: row.conditionalParentQuestionId,
  conditionalParentQuestionValue: row.conditionalParentQuestionValue,
  isAnother: row.isAnother,
});

/** `optionsOf` gives a question's options: its own, or those of the question it borrows from. */
export function presentQuestionTree(
  nodes: TreeNode<QuestionRow>[],
  optionsOf: (question: QuestionRow) => OptionRow[],
  language: Language,
): QuestionNode[] {
  return nodes.map(({ row, children }) => ({
    id: row.id,
    surveyId: row.surveyId,
    questionNr: row.questionNr,
    questionParentId: row.parentId,
    questionCategory: known(QuestionCategory, row.questionCategory) ?? 'PARENT',
    questionType: known(QuestionType, row.questionType),
    ...localizedFields(row, 'title', language),
    ...localizedFields(row, 'hint', language),
    required: row.required,
    questionIdentifier: known(QuestionIdentifier, row.questionIdentifier),
    questionOrder: row.questionOrder,
    limMin: row.limMin,
    limMax: row.limMax,
    questionGroupId: row.questionGroupId,
    questionOptionsId: row.optionsSourceQuestionId,
    options: optionsOf(row).map((option) => presentOption(option, language)),
    children: presentQuestionTree(children, optionsOf, language),
  }));
}
