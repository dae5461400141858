import { z } from 'zod';
import { clearableText, Id, IdParams, localized, PageQuery, pageOf, plainText } from './common';

/** 1 = active, 0 = passive (spec §3); a survey with assets is made passive rather than deleted. */
export const SURVEY_STATE = { PASSIVE: 0, ACTIVE: 1 } as const;
export const SurveyState = z.union([z.literal(SURVEY_STATE.PASSIVE), z.literal(SURVEY_STATE.ACTIVE)]);
export type SurveyState = z.infer<typeof SurveyState>;

/**
 * A survey (spec §3). `description` and `longDescription` are the ones for the request's language;
 * insBy/ludBy are the user names of the administrators who created and last changed it.
 */
export const Survey = z
  .object({
    id: z.number().int(),
    surveyState: SurveyState,
    /** Where new submissions of this survey land; null when none is chosen. */
    defaultDatasetId: z.number().int().nullable(),
    insBy: z.string().nullable(),
    insDate: z.iso.datetime({ offset: true }),
    ludBy: z.string().nullable(),
    lud: z.iso.datetime({ offset: true }),
  })
  .extend(localized('description').shape)
  .extend(localized('longDescription').shape);
export type Survey = z.infer<typeof Survey>;

export const SurveyList = pageOf(Survey);
export type SurveyList = z.infer<typeof SurveyList>;

/** Newest first. */
export const SurveyListQuery = PageQuery.extend({
  /** Part of the short description in any of the three languages, ignoring case and accents. */
  q: plainText(200).optional(),
});
export type SurveyListQuery = z.input<typeof SurveyListQuery>;

export const SurveyParams = IdParams;

/** The longest texts of a survey, in characters; an XLSForm import holds to them too. */
export const SURVEY_TEXT_LIMITS = { description: 500, longDescription: 20_000 } as const;

const surveyFields = {
  descriptionXk: clearableText(SURVEY_TEXT_LIMITS.description),
  descriptionEn: clearableText(SURVEY_TEXT_LIMITS.description),
  descriptionSr: clearableText(SURVEY_TEXT_LIMITS.description),
  longDescriptionXk: clearableText(SURVEY_TEXT_LIMITS.longDescription),
  longDescriptionEn: clearableText(SURVEY_TEXT_LIMITS.longDescription),
  longDescriptionSr: clearableText(SURVEY_TEXT_LIMITS.longDescription),
  defaultDatasetId: Id.nullable().optional(),
};

/** POST /surveys: active unless told otherwise. */
export const CreateSurveyBody = z.object({
  surveyState: SurveyState.default(SURVEY_STATE.ACTIVE),
  ...surveyFields,
});
export type CreateSurveyBody = z.input<typeof CreateSurveyBody>;

/** PATCH /surveys/{id}: only the fields sent change; null clears a text. */
export const UpdateSurveyBody = z.object({ surveyState: SurveyState.optional(), ...surveyFields });
export type UpdateSurveyBody = z.input<typeof UpdateSurveyBody>;

/**
 * POST /surveys/{id}/duplicate: a passive copy of the survey with its whole tree (options,
 * conditions, skip logic, groups; new ids). Its short descriptions are the ones sent, the
 * original's where left out.
 */
export const DuplicateSurveyBody = z.object({
  descriptionXk: clearableText(SURVEY_TEXT_LIMITS.description),
  descriptionEn: clearableText(SURVEY_TEXT_LIMITS.description),
  descriptionSr: clearableText(SURVEY_TEXT_LIMITS.description),
});
export type DuplicateSurveyBody = z.input<typeof DuplicateSurveyBody>;
