import { z } from 'zod';
import { blankAsNull, clearableText, IdParams, localized, PageQuery, pageOf, plainText } from './common';
import { QuestionIdentifier, QuestionType, SAVE_LIMITS } from './questions';

/**
 * The question library, kept on the server and shared by every administrator: ready
 * questions with their options, copied into a survey on import.
 */
export const LibraryOption = z.object({
  value: z.string(),
  descriptionXk: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionSr: z.string().nullable(),
  isAnother: z.boolean(),
});
export type LibraryOption = z.infer<typeof LibraryOption>;

export const LibraryQuestion = z
  .object({
    id: z.number().int(),
    titleXk: z.string(),
    questionType: QuestionType,
    questionIdentifier: QuestionIdentifier.nullable(),
    options: z.array(LibraryOption),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .extend(localized('title').omit({ titleXk: true }).shape);
export type LibraryQuestion = z.infer<typeof LibraryQuestion>;

export const LibraryQuestionList = pageOf(LibraryQuestion);
export type LibraryQuestionList = z.infer<typeof LibraryQuestionList>;

/** Newest first. */
export const LibraryQuestionListQuery = PageQuery.extend({
  /** Part of the title in any of the three languages, ignoring case and accents. */
  q: plainText(200).optional(),
});
export type LibraryQuestionListQuery = z.input<typeof LibraryQuestionListQuery>;

export const LibraryQuestionParams = IdParams;

export const LibraryOptionInput = z.object({
  value: plainText(1000),
  descriptionXk: clearableText(2000),
  descriptionEn: clearableText(2000),
  descriptionSr: clearableText(2000),
  isAnother: z.boolean().optional(),
});
export type LibraryOptionInput = z.input<typeof LibraryOptionInput>;

const libraryFields = {
  /** Spec §5: a library question needs a non-blank Albanian title. */
  titleXk: plainText(2000).min(1),
  titleEn: clearableText(2000),
  titleSr: clearableText(2000),
  questionType: QuestionType,
  questionIdentifier: blankAsNull(QuestionIdentifier.nullable().optional()),
  options: z.array(LibraryOptionInput).max(SAVE_LIMITS.optionsPerCall),
};

export const CreateLibraryQuestionBody = z.object({ ...libraryFields, options: libraryFields.options.default([]) });
export type CreateLibraryQuestionBody = z.input<typeof CreateLibraryQuestionBody>;

/** PATCH /question-library/{id}: only the fields sent change; `options` replaces the whole list. */
export const UpdateLibraryQuestionBody = z.object({
  titleXk: libraryFields.titleXk.optional(),
  titleEn: libraryFields.titleEn,
  titleSr: libraryFields.titleSr,
  questionType: libraryFields.questionType.optional(),
  questionIdentifier: libraryFields.questionIdentifier,
  options: libraryFields.options.optional(),
});
export type UpdateLibraryQuestionBody = z.input<typeof UpdateLibraryQuestionBody>;
