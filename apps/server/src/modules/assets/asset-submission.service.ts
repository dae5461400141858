import type { z } from 'zod';
import type { AssetAnswerInput } from '@trashegimia/contract/assets';
import type { Submission } from '@trashegimia/contract/collect';
import type { Database, Executor } from '../../db/client';
import { conflict } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import type { UserClaims } from '../auth/guards';
import { answerRows, IDENTIFIER_COLUMNS, identifierColumns } from './asset-answers';
import { replaceAnswers, selectIdentifierQuestions } from './asset-review.repo';
import { answerContext, answerSnapshots } from './asset-review.service';
import { findSubmissionByUniqueId, insertSubmission, type SubmissionRow } from './asset-submission.repo';

/** A filled-in survey from the field, checked against its survey by the collect module already. */
export type NewSubmission = {
  surveyId: number;
  datasetId: number;
  uniqueId: string;
  date: Date;
  latitude: number | null;
  longitude: number | null;
  deviceId: number | null;
  answers: z.output<typeof AssetAnswerInput>[];
};

const presentSubmission = (row: SubmissionRow): Submission => ({
  id: row.id,
  uniqueId: row.uniqueId,
  surveyId: row.surveyId,
  datasetId: row.datasetId,
  status: row.status as Submission['status'],
  date: row.date.toISOString(),
});

/**
 * A resend: the asset an earlier submission with this uniqueId made, or null when there is none.
 * The uniqueId of someone else's submission is refused (409) rather than revealing their asset.
 */
export async function findOwnSubmission(db: Executor, actor: UserClaims, uniqueId: string): Promise<Submission | null> {
  const row = await findSubmissionByUniqueId(db, uniqueId);
  if (!row) return null;
  if (row.userId !== actor.userId) {
    throw conflict('Another submission already uses this uniqueId', 'unique_id_taken', 'uniqueId');
  }
  return presentSubmission(row);
}

/**
 * Makes the asset, UPLOADED, with its answers in one transaction. The answers are checked as the
 * asset editor's are (questions of the survey, options of their question, conditional options);
 * the identifier columns follow them. Audited as a submission, with every answer.
 */
export async function submitAsset(
  db: Database,
  actor: UserClaims,
  submission: NewSubmission,
): Promise<{ submission: Submission; created: boolean }> {
  const questionIds = [...new Set(submission.answers.map((answer) => answer.questionId))];
  const inserted = await db.transaction(async (tx) => {
    const context = await answerContext(tx, submission.surveyId, questionIds, []);
    const rows = answerRows(submission.answers, context);
    const identifierQuestions = await selectIdentifierQuestions(
      tx,
      submission.surveyId,
      Object.keys(IDENTIFIER_COLUMNS),
    );
    const row = await insertSubmission(tx, {
      ...identifierColumns(identifierQuestions, new Set(questionIds), rows),
      surveyId: submission.surveyId,
      datasetId: submission.datasetId,
      uniqueId: submission.uniqueId,
      date: submission.date,
      latitude: submission.latitude,
      longitude: submission.longitude,
      userId: actor.userId,
      deviceId: submission.deviceId,
    });
    if (!row) return undefined;
    await replaceAnswers(tx, row.id, [], rows);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'asset.submit',
      subjectType: 'asset',
      subjectId: row.id,
      before: { answers: {} },
      after: { answers: answerSnapshots(questionIds, context.questions, rows) },
    });
    return row;
  });
  if (inserted) return { submission: presentSubmission(inserted), created: true };

  // The same submission sent twice at once: the other request made the asset.
  const existing = await findOwnSubmission(db, actor, submission.uniqueId);
  if (!existing) throw new Error(`submission ${submission.uniqueId} conflicted but cannot be found`);
  return { submission: existing, created: false };
}
