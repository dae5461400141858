import { z } from 'zod';
import { clearableText, IdParams, localized, PageQuery, pageOf, plainText } from './common';

/**
 * A question group (spec §3): questions that share a group are shown together. Groups are shared by
 * every survey; `title` is the one for the request's language.
 */
export const QuestionGroup = z.object({ id: z.number().int() }).extend(localized('title').shape);
export type QuestionGroup = z.infer<typeof QuestionGroup>;

export const QuestionGroupList = pageOf(QuestionGroup);
export type QuestionGroupList = z.infer<typeof QuestionGroupList>;

/** In the order they were made; the editor asks for up to 1000 (spec §9). */
export const QuestionGroupListQuery = PageQuery;
export type QuestionGroupListQuery = z.input<typeof QuestionGroupListQuery>;

export const QuestionGroupParams = IdParams;

const optionalTitle = clearableText(500);

/** POST /question-groups: the Albanian title is required, the others optional. */
export const CreateQuestionGroupBody = z.object({
  titleXk: plainText(500).min(1),
  titleEn: optionalTitle,
  titleSr: optionalTitle,
});
export type CreateQuestionGroupBody = z.input<typeof CreateQuestionGroupBody>;

/** PATCH /question-groups/{id}: only the titles sent change; the Albanian one cannot be cleared. */
export const UpdateQuestionGroupBody = z.object({
  titleXk: plainText(500).min(1).optional(),
  titleEn: optionalTitle,
  titleSr: optionalTitle,
});
export type UpdateQuestionGroupBody = z.input<typeof UpdateQuestionGroupBody>;
