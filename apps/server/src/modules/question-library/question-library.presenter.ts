import type { Language } from '@trashegimia/contract/common';
import type { LibraryQuestion } from '@trashegimia/contract/question-library';
import { QuestionIdentifier, QuestionType } from '@trashegimia/contract/questions';
import { localizedFields } from '@trashegimia/contract/localized-text';
import type { LibraryQuestionRow } from './question-library.repo';

export const presentLibraryQuestion = (row: LibraryQuestionRow, language: Language): LibraryQuestion => ({
  id: row.id,
  ...localizedFields(row, 'title', language),
  titleXk: row.titleXk,
  questionType: QuestionType.parse(row.questionType),
  questionIdentifier: QuestionIdentifier.safeParse(row.questionIdentifier).data ?? null,
  options: row.options.map((option) => ({
    value: option.value,
    descriptionXk: option.descriptionXk ?? null,
    descriptionEn: option.descriptionEn ?? null,
    descriptionSr: option.descriptionSr ?? null,
    isAnother: option.isAnother ?? false,
  })),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
