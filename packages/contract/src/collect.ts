import { z } from 'zod';
import { AssetAnswerInput, AssetStatus } from './assets';
import { MacAddress } from './devices';
import { QuestionGroup } from './question-groups';
import { QuestionNode } from './questions';
import { Survey } from './surveys';

/**
 * A survey as a field device fills it in: the survey, its whole question tree (options, skip logic,
 * conditions, limits and disclaimers in all three languages) and the groups it uses. `revision`
 * changes whenever anything in it does, so a device keeps the copy it has while the revision holds.
 */
export const CollectSurvey = z.object({
  survey: Survey,
  revision: z.string(),
  questions: z.array(QuestionNode),
  questionGroups: z.array(QuestionGroup),
});
export type CollectSurvey = z.infer<typeof CollectSurvey>;

/**
 * GET /collect/surveys: every active survey that has a default dataset (where submissions land).
 * Answered with an ETag; a device that sends it back in If-None-Match gets 304 while nothing changed.
 */
export const CollectSurveys = z.object({ items: z.array(CollectSurvey) });
export type CollectSurveys = z.infer<typeof CollectSurveys>;

/** How far ahead of the server's clock a device's clock may run before its dates are refused. */
export const SUBMISSION_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** Most answers one submission may carry. */
export const MAX_SUBMISSION_ANSWERS = 2000;

/**
 * POST /collect/submissions: one filled-in survey. `uniqueId` is the device's id for the submission
 * (a UUID it makes once): sending the same submission again answers with the asset made the first
 * time and makes nothing new. Answers as the asset editor sends them (choices by option value,
 * multiple choice comma-separated, free text in value2).
 */
export const SubmissionBody = z.object({
  surveyId: z.number().int().positive(),
  uniqueId: z.uuid(),
  /** When the asset was recorded, by the device's clock. */
  date: z.iso.datetime({ offset: true }),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  answers: z.array(AssetAnswerInput).max(MAX_SUBMISSION_ANSWERS),
  /** The collecting device; it must be registered in the back office. */
  deviceMac: MacAddress.optional(),
});
export type SubmissionBody = z.input<typeof SubmissionBody>;

/** The asset a submission made: 201 the first time, 200 with the same asset for a resend. */
export const Submission = z.object({
  id: z.uuid(),
  uniqueId: z.string(),
  surveyId: z.number().int(),
  datasetId: z.number().int(),
  status: AssetStatus,
  date: z.iso.datetime({ offset: true }),
});
export type Submission = z.infer<typeof Submission>;
