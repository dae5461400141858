import type { Language } from '@trashegimia/contract/common';
import type { QuestionGroup } from '@trashegimia/contract/question-groups';
import { localizedFields } from '@trashegimia/contract/localized-text';
import type { QuestionGroupRow } from './question-groups.repo';

export const presentQuestionGroup = (row: QuestionGroupRow, language: Language): QuestionGroup => ({
  id: row.id,
  ...localizedFields(row, 'title', language),
});
