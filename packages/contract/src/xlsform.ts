import { z } from 'zod';
import { IdParams, QueryFlag, SheetWarning } from './common';
import { QuestionCategory, QuestionIdentifier, QuestionType, ValidateType } from './questions';

/**
 * XLSForm exchange (issue 31): the spreadsheet format ODK, KoboToolbox and Ona share. An
 * administrator sends an XLSX workbook (`survey`, `choices` and `settings` sheets) as the body of
 * POST /surveys/xlsform, first as a dry run to see what would be made and what cannot be, then for
 * real; GET /surveys/{id}/xlsform gives a survey back as such a workbook.
 */

/** POST /surveys/xlsform?dryRun=true answers what would be made (200) and writes nothing. */
export const XlsFormImportQuery = z.object({ dryRun: QueryFlag.default(false) });
export type XlsFormImportQuery = z.input<typeof XlsFormImportQuery>;

/** Something of the form that was not mapped, or not exactly (a 400 lists them when nothing usable remains). */
export const XlsFormWarning = SheetWarning;
export type XlsFormWarning = SheetWarning;

/** An option as it would be made; its condition names the parent question by number. */
export const XlsFormOption = z.object({
  value: z.string(),
  descriptionXk: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionSr: z.string().nullable(),
  disclaimerXk: z.string().nullable(),
  disclaimerEn: z.string().nullable(),
  disclaimerSr: z.string().nullable(),
  isAnother: z.boolean(),
  validateType: ValidateType.nullable(),
  toQuestionNr: z.string().nullable(),
  conditionalParentQuestionNr: z.string().nullable(),
  conditionalParentQuestionValue: z.string().nullable(),
});
export type XlsFormOption = z.infer<typeof XlsFormOption>;

const xlsFormQuestionFields = z.object({
  questionNr: z.string(),
  questionCategory: QuestionCategory,
  questionType: QuestionType.nullable(),
  /** The form's own name for it (the `name` column), kept so warnings and conditions can say it. */
  name: z.string(),
  titleXk: z.string().nullable(),
  titleEn: z.string().nullable(),
  titleSr: z.string().nullable(),
  hintXk: z.string().nullable(),
  hintEn: z.string().nullable(),
  hintSr: z.string().nullable(),
  questionIdentifier: QuestionIdentifier.nullable(),
  required: z.boolean(),
  limMin: z.string().nullable(),
  limMax: z.string().nullable(),
  options: z.array(XlsFormOption),
});

/** A question as it would be made, with its sub-questions in order. */
export type XlsFormQuestion = z.infer<typeof xlsFormQuestionFields> & { children: XlsFormQuestion[] };
export const XlsFormQuestion: z.ZodType<XlsFormQuestion> = xlsFormQuestionFields
  .extend({ children: z.lazy(() => z.array(XlsFormQuestion)) })
  // Registered so that the OpenAPI document can refer to it from inside itself.
  .meta({ id: 'XlsFormQuestion' });

/** The survey a form would make: its titles (from `settings`' form_title) and its question tree. */
export const XlsFormSurvey = z.object({
  descriptionXk: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionSr: z.string().nullable(),
  questions: z.array(XlsFormQuestion),
});
export type XlsFormSurvey = z.infer<typeof XlsFormSurvey>;

/** The dry run's answer. */
export const XlsFormPreview = z.object({ survey: XlsFormSurvey, warnings: z.array(XlsFormWarning) });
export type XlsFormPreview = z.infer<typeof XlsFormPreview>;

/** 201 after a real run: the new survey, and what of the form was not mapped. */
export const XlsFormImported = z.object({ id: z.number().int(), warnings: z.array(XlsFormWarning) });
export type XlsFormImported = z.infer<typeof XlsFormImported>;

export const XlsFormExportParams = IdParams;
