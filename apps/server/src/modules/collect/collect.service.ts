import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import {
  type CollectSurvey,
  type CollectSurveys,
  type Submission,
  SUBMISSION_CLOCK_SKEW_MS,
  type SubmissionBody,
} from '@trashegimia/contract/collect';
import type { Language } from '@trashegimia/contract/common';
import { SURVEY_STATE } from '@trashegimia/contract/surveys';
import type { Database, Executor } from '../../db/client';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { findOwnSubmission, submitAsset } from '../assets';
import { assertUser } from '../auth';
import { registeredDeviceId } from '../devices/devices.service';
import { surveyQuestionNodes, surveyQuestionTree } from '../questions/questions.service';
import { presentSurvey } from '../surveys';
import { listCollectableSurveys, requireSurvey } from '../surveys/surveys.service';
import { checkSubmissionRules } from './submission-rules';

/** A short, stable digest of what a device would download: equal content, equal digest. */
export const contentDigest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27);

/**
 * GET /collect/surveys: what field devices fill in, each survey with a revision of its own so a
 * device can tell which of its copies changed. Accounts only (role 1 or 2): guests cannot submit.
 */
export async function listCollectSurveys(
  db: Executor,
  viewer: TokenClaims | null,
  language: Language,
): Promise<CollectSurveys> {
  assertUser(viewer);
  const surveys = await listCollectableSurveys(db);
  const items = await Promise.all(
    surveys.map(async (row): Promise<CollectSurvey> => {
      const { items: questions, questionGroups } = await surveyQuestionTree(db, row.id, language);
      const content = { survey: presentSurvey(row, language), questions, questionGroups };
      return { ...content, revision: contentDigest(content) };
    }),
  );
  return { items };
}

/**
 * POST /collect/submissions: a new submission must name an active survey with a default dataset, a
 * registered device if any, a date not in the future, and answers that follow the survey's rules;
 * it becomes an UPLOADED asset of that dataset. A resend answers with the asset of the first send,
 * even when it would be refused now (the survey may have changed since): its uniqueId is looked up
 * when the write finds it taken or a check refuses it, not before every submission.
 */
export async function submitSurvey(
  db: Database,
  viewer: TokenClaims | null,
  body: z.output<typeof SubmissionBody>,
  language: Language,
): Promise<{ submission: Submission; created: boolean }> {
  assertUser(viewer);
  try {
    const survey = await surveyToFill(db, body.surveyId);
    const deviceId = body.deviceMac === undefined ? null : await registeredDeviceId(db, body.deviceMac);
    if (body.deviceMac !== undefined && deviceId === null) throw forbidden('Device not registered');
    const date = new Date(body.date);
    if (date.getTime() > Date.now() + SUBMISSION_CLOCK_SKEW_MS) {
      throw badRequest('date', 'date: lies in the future; check the device clock', 'date_in_future');
    }
    checkSubmissionRules(await surveyQuestionNodes(db, survey.id, language), body.answers);

    return await submitAsset(db, viewer, {
      surveyId: survey.id,
      datasetId: survey.datasetId,
      uniqueId: body.uniqueId,
      date,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
      deviceId,
      answers: body.answers,
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    const earlier = await findOwnSubmission(db, viewer, body.uniqueId);
    if (earlier) return { submission: earlier, created: false };
    throw error;
  }
}

async function surveyToFill(db: Executor, surveyId: number) {
  const survey = await requireSurvey(db, surveyId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) {
      throw badRequest('surveyId', `Survey ${surveyId} does not exist`, 'unknown_survey');
    }
    throw error;
  });
  if (survey.surveyState !== SURVEY_STATE.ACTIVE) {
    throw conflict('This survey is no longer collected', 'survey_not_active', 'surveyId');
  }
  if (survey.defaultDatasetId === null) {
    throw conflict('This survey has no dataset for new assets yet', 'survey_without_dataset', 'surveyId');
  }
  return { id: survey.id, datasetId: survey.defaultDatasetId };
}
