import { CHOICE_TYPES, type QuestionIdentifier, type QuestionType } from '@trashegimia/contract/questions';
import type { CreateLibraryQuestionBody, LibraryQuestion } from '@trashegimia/contract/question-library';

export type LibraryOptionForm = {
  key: number;
  value: string;
  descriptionXk: string;
  descriptionEn: string;
  descriptionSr: string;
  isAnother: boolean;
};

export type LibraryQuestionForm = {
  titleXk: string;
  titleEn: string;
  titleSr: string;
  questionType: QuestionType;
  questionIdentifier: QuestionIdentifier | null;
  options: LibraryOptionForm[];
};

let optionKey = 0;
const nextKey = () => (optionKey += 1);

export const emptyLibraryForm = (): LibraryQuestionForm => ({
  titleXk: '',
  titleEn: '',
  titleSr: '',
  questionType: 'SINGLE_CHOICE',
  questionIdentifier: null,
  options: [],
});

export const libraryFormFrom = (question: LibraryQuestion): LibraryQuestionForm => ({
  titleXk: question.titleXk,
  titleEn: question.titleEn ?? '',
  titleSr: question.titleSr ?? '',
  questionType: question.questionType,
  questionIdentifier: question.questionIdentifier,
  options: question.options.map((option) => ({
    key: nextKey(),
    value: option.value,
    descriptionXk: option.descriptionXk ?? '',
    descriptionEn: option.descriptionEn ?? '',
    descriptionSr: option.descriptionSr ?? '',
    isAnother: option.isAnother,
  })),
});

/** A new option named by `defaultName` (spec §5: 'Option n', n counting from 1). */
export const newLibraryOption = (
  defaultName: (n: number) => string,
  options: LibraryOptionForm[],
): LibraryOptionForm => ({
  key: nextKey(),
  value: defaultName(options.length + 1),
  descriptionXk: '',
  descriptionEn: '',
  descriptionSr: '',
  isAnother: false,
});

export const offersOptions = (type: QuestionType) => CHOICE_TYPES.includes(type);

/** Spec §5: saving needs an Albanian title that is not blank once trimmed. */
export const canSaveLibraryForm = (form: LibraryQuestionForm) => form.titleXk.trim() !== '';

/** The request body; a text question carries no options. */
export const libraryBody = (form: LibraryQuestionForm) =>
  ({
    titleXk: form.titleXk.trim(),
    titleEn: form.titleEn,
    titleSr: form.titleSr,
    questionType: form.questionType,
    questionIdentifier: form.questionIdentifier,
    options: offersOptions(form.questionType)
      ? form.options.map(({ value, descriptionXk, descriptionEn, descriptionSr, isAnother }) => ({
          value,
          descriptionXk,
          descriptionEn,
          descriptionSr,
          isAnother,
        }))
      : [],
  }) satisfies CreateLibraryQuestionBody;
