import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AssetAnswerInput } from '@trashegimia/contract/assets';
import type { Submission } from '@trashegimia/contract/collect';
import type { Database, Executor, Transaction } from '../../db/client';
import { conflict } from '../../errors';
import { auditRecordIn, auditRecordsIn } from '../audit/audit.service';
import type { UserClaims } from '../auth';
import { answerRows, identifierColumns } from './asset-answers';
import type { AnswerSnapshot } from './asset-history.presenter';
import type { AssetEdit, StoredAnswerRow } from './asset-review.repo';
import { answerSnapshots, surveyAnswerRules } from './asset-review.service';
import {
  findSubmissionById,
  findSubmissionByUniqueId,
  assetsWithAnswersInsert,
  insertSubmission,
  type SubmissionRow,
} from './asset-submission.repo';

/** A filled-in survey from the field, checked against its survey by the collect module already. */
export type NewSubmission = {
  surveyId: number;
  datasetId: number;
  uniqueId: string;
  date: Date;
  latitude: number | null;
  longitude: number | null;
  deviceId: number | null;
  answers: AnswerInput[];
};

type AnswerInput = z.output<typeof AssetAnswerInput>;

const presentSubmission = (row: SubmissionRow): Submission => ({
  id: row.id,
  uniqueId: row.uniqueId,
  surveyId: row.surveyId,
  datasetId: row.datasetId,
  status: row.status as Submission['status'],
  date: row.date.toISOString(),
});

/**
 * Who submitted the asset and where its review stands, for what the collector may still do with
 * its own submission (add media while it awaits review); undefined when there is no such asset.
 */
export async function findSubmission(
  db: Executor,
  id: string,
): Promise<{ userId: number | null; status: string } | undefined> {
  const row = await findSubmissionById(db, id);
  return row && { userId: row.userId, status: row.status };
}

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
 * Checks answers against a survey's questions as the asset editor does (questions of the survey,
 * options of their question, conditional options), for many assets at once. The survey's rules are
 * read (or found kept in memory) before any transaction opens, which then holds only the writes.
 */
export async function answerChecker(db: Executor, surveyId: number, questionIds: number[]) {
  const rules = await surveyAnswerRules(db, surveyId);
  const answered = new Set(questionIds);
  return {
    /** The answer rows to store; throws a 400 naming the first answer the survey does not allow. */
    rows: (inputs: AnswerInput[]) => answerRows(inputs, { ...rules, stored: [] }),
    /** The asset columns (name, municipality, …, risk level) that follow those rows. */
    columns: (rows: StoredAnswerRow[]) => identifierColumns(rules.identifierQuestions, answered, rows),
    /** How the audit log keeps the answers (as an edit's after-snapshot). */
    snapshot: (rows: StoredAnswerRow[]) => answerSnapshots(questionIds, rules.questions, rows),
  };
}

/**
 * The options answer rows chose, as the answers' trigger finds them (migration 0017): given with a
 * new asset, the trigger only checks them instead of rewriting the asset's row.
 */
const chosenOptionIds = (rows: StoredAnswerRow[]): number[] =>
  [...new Set(rows.flatMap((row) => (row.optionId === null ? [] : [row.optionId])))].sort((a, b) => a - b);

/**
 * Makes the asset, UPLOADED, with its answers and its audit record (a submission, with every
 * answer) in one statement: the answers are checked (answerChecker) before, so nothing but the
 * writes waits on the database, in one round trip.
 */
export async function submitAsset(
  db: Database,
  actor: UserClaims,
  submission: NewSubmission,
): Promise<{ submission: Submission; created: boolean }> {
  const questionIds = [...new Set(submission.answers.map((answer) => answer.questionId))];
  const check = await answerChecker(db, submission.surveyId, questionIds);
  const rows = check.rows(submission.answers);
  const id = randomUUID();
  const inserted = await insertSubmission(
    db,
    {
      ...check.columns(rows),
      id,
      surveyId: submission.surveyId,
      datasetId: submission.datasetId,
      uniqueId: submission.uniqueId,
      date: submission.date,
      latitude: submission.latitude,
      longitude: submission.longitude,
      userId: actor.userId,
      deviceId: submission.deviceId,
      optionIds: chosenOptionIds(rows),
    },
    rows,
    auditRecordIn({
      actorId: actor.userId,
      action: 'asset.submit',
      subjectType: 'asset',
      subjectId: id,
      before: { answers: {} },
      after: { answers: check.snapshot(rows) },
    }),
  );
  if (inserted) return { submission: presentSubmission(inserted), created: true };

  // Sent before: by this device (a resend, also two at once) or, with the same uniqueId, by another.
  const existing = await findOwnSubmission(db, actor, submission.uniqueId);
  if (!existing) throw new Error(`submission ${submission.uniqueId} conflicted but cannot be found`);
  return { submission: existing, created: false };
}

/** One asset of a bulk import, its answers already checked by answerChecker. */
export type ImportedAsset = {
  columns: AssetEdit;
  date: Date;
  latitude: number | null;
  longitude: number | null;
  rows: StoredAnswerRow[];
  snapshot: Record<string, AnswerSnapshot>;
};

/** A batch of imported assets ready to write: built while the database writes the batch before. */
export type PreparedImport = { count: number; write: (tx: Transaction) => Promise<void> };

/**
 * A batch of imported assets (UPLOADED, new uniqueIds) with their answers and an audit entry for
 * each naming the file, ready to write in one statement in the caller's transaction: an import is
 * all or nothing.
 */
export function prepareImportedAssets(
  actor: UserClaims,
  target: { surveyId: number; datasetId: number; fileName: string; importId: string },
  batch: ImportedAsset[],
): PreparedImport {
  const ids = batch.map(() => randomUUID());
  const values = batch.map((asset, index) => ({
    ...asset.columns,
    id: ids[index]!,
    surveyId: target.surveyId,
    datasetId: target.datasetId,
    uniqueId: randomUUID(),
    date: asset.date,
    latitude: asset.latitude,
    longitude: asset.longitude,
    userId: actor.userId,
    deviceId: null,
    optionIds: chosenOptionIds(asset.rows),
  }));
  const answerRows = batch.flatMap((asset, index) => asset.rows.map((row) => ({ ...row, assetId: ids[index]! })));
  const records = auditRecordsIn(
    actor.userId,
    batch.map((asset, index) => ({
      action: 'asset.import',
      subjectType: 'asset',
      subjectId: ids[index]!,
      before: { answers: {} },
      after: { answers: asset.snapshot, fileName: target.fileName, importId: target.importId },
    })),
  );
  return { count: batch.length, write: assetsWithAnswersInsert(values, answerRows, records) };
}
