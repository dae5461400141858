import type { z } from 'zod';
import type {
  AssetDetail,
  AssetHistory,
  AssetHistoryQuery,
  AssetStatusBody,
  BulkAssetStatusBody,
  BulkAssetStatusResult,
  UpdateAssetBody,
} from '@trashegimia/contract/assets';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import type { Database, Executor } from '../../db/client';
import { cachedRead } from '../../db/cache';
import { questionOptions, questions } from '../../db/schema/index';
import { AppError, badRequest, conflict } from '../../errors';
import { offsetOf, pageMeta } from '../../http/paging';
import type { BlobStore } from '../../storage/blob-store';
import { auditEntriesOf, recordAudit, recordAudits } from '../audit/audit.service';
import { assertAdmin } from '../auth';
import { requireVisibleDataset } from '../datasets';
import { answerRows, assertRequiredAnswered, identifierColumns, isIdentifier } from './asset-answers';
import {
  type AnswerSnapshot,
  type EditSnapshot,
  presentAssetHistory,
  type StatusSnapshot,
} from './asset-history.presenter';
import {
  countMatching,
  findReviewedAsset,
  replaceAnswers,
  selectExistingIds,
  type OfferedOptionRow,
  selectOfferedOptions,
  selectOptionDescriptions,
  selectQuestionTitles,
  selectStoredAnswers,
  selectSurveyQuestions,
  type StoredAnswerRow,
  type SurveyQuestionRow,
  updateAssetAtVersion,
  updateAssetColumns,
  updateStatuses,
} from './asset-review.repo';
import { assetNotFound, getAssetDetail, listCriteria } from './assets.service';

const ASSET = 'asset';

export const assetVersionConflict = () =>
  conflict(
    'Someone else saved this asset after you opened it. Reload it to see their changes, then make yours again.',
    'asset_version_conflict',
    'version',
  );

/**
 * PATCH /surveys/assets/{id}: comments, dataset and answers in one transaction, only if nobody
 * saved the asset since the editor read `version` (409 `asset_version_conflict` otherwise). The
 * answers replace those of their questions; the asset's identifier columns follow them. Audited
 * with what changed, before and after.
 */
export async function updateAsset(
  db: Database,
  viewer: TokenClaims | null,
  id: string,
  body: z.output<typeof UpdateAssetBody>,
  language: Language,
  blobs: BlobStore,
): Promise<AssetDetail> {
  assertAdmin(viewer);
  // What only reads happens before the transaction: updateAssetAtVersion refuses the write if
  // anyone saved the asset since, so what is read here is still the asset at `version` then.
  const asset = await findReviewedAsset(db, id);
  if (!asset) throw assetNotFound();
  if (asset.version !== body.version) throw assetVersionConflict();
  const dataset = body.datasetId === undefined ? undefined : await datasetOf(db, viewer, body.datasetId);
  const inputs = body.answers ?? [];
  const editedIds = [...new Set(inputs.map((answer) => answer.questionId))];
  const rules = await surveyAnswerRules(db, asset.surveyId);

  await db.transaction(async (tx) => {
    // An edit of the comments or the dataset alone neither checks nor records answers.
    const stored = editedIds.length > 0 ? await selectStoredAnswers(tx, id) : [];
    const rows = answerRows(inputs, { ...rules, stored });
    assertRequiredAnswered(editedIds, rules.questions, rows);

    if (
      !(await updateAssetAtVersion(tx, id, body.version, {
        ...(body.comments !== undefined && { comments: body.comments }),
        ...(dataset && { datasetId: dataset.id }),
      }))
    ) {
      throw assetVersionConflict();
    }
    if (editedIds.length > 0) {
      await replaceAnswers(tx, id, editedIds, rows);
      await updateAssetColumns(tx, id, identifierColumns(rules.identifierQuestions, new Set(editedIds), rows));
    }

    const snapshot = (
      comments: string | null,
      datasetId: number,
      datasetName: string,
      answers: StoredAnswerRow[],
    ): EditSnapshot => ({
      ...(body.comments !== undefined && { comments }),
      ...(dataset && { datasetId, datasetName }),
      ...(editedIds.length > 0 && { answers: answerSnapshots(editedIds, rules.questions, answers) }),
    });
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'asset.update',
      subjectType: ASSET,
      subjectId: id,
      before: snapshot(asset.comments, asset.datasetId, asset.datasetName, stored),
      after: snapshot(
        body.comments === undefined ? asset.comments : body.comments,
        dataset?.id ?? asset.datasetId,
        dataset?.name ?? asset.datasetName,
        rows,
      ),
    });
  });
  return getAssetDetail(db, viewer, id, language, { blobs });
}

/** A dataset for the edit: an unknown one is bad input here, not a missing page. */
async function datasetOf(db: Executor, viewer: TokenClaims, id: number) {
  try {
    return await requireVisibleDataset(db, viewer, id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      throw badRequest('datasetId', `Dataset ${id} does not exist`, 'unknown_dataset');
    }
    throw error;
  }
}

/** What answers to a survey are checked against: its questions and the options each offers, by question id. */
export type SurveyAnswerRules = {
  questions: Map<number, SurveyQuestionRow>;
  options: Map<number, OfferedOptionRow[]>;
  /** The questions that feed an asset column. */
  identifierQuestions: SurveyQuestionRow[];
};

/**
 * The survey's answer rules, kept in memory until a question or an option changes (outside a
 * transaction): every submission, import and edit reads them before its transaction opens, so the
 * transaction holds only its writes (docs/decisions/0001). Shared by every caller: never changed.
 */
export function surveyAnswerRules(db: Executor, surveyId: number): Promise<SurveyAnswerRules> {
  return cachedRead(db, 'survey_answer_rules', String(surveyId), [questions, questionOptions], async () => {
    const [surveyQuestions, offered] = await Promise.all([
      selectSurveyQuestions(db, surveyId),
      selectOfferedOptions(db, surveyId),
    ]);
    const options = new Map<number, OfferedOptionRow[]>();
    for (const option of offered) {
      const siblings = options.get(option.questionId);
      if (siblings) siblings.push(option);
      else options.set(option.questionId, [option]);
    }
    return {
      questions: new Map(surveyQuestions.map((question) => [question.id, question])),
      options,
      identifierQuestions: surveyQuestions.filter((question) => isIdentifier(question.questionIdentifier)),
    };
  });
}

export function answerSnapshots(
  questionIds: number[],
  questions: Map<number, SurveyQuestionRow>,
  rows: StoredAnswerRow[],
): Record<string, AnswerSnapshot> {
  const valuesOf = new Map<number, AnswerSnapshot['values']>(questionIds.map((questionId) => [questionId, []]));
  for (const row of rows)
    valuesOf.get(row.questionId)?.push({ optionId: row.optionId, value: row.value, value2: row.value2 });
  return Object.fromEntries(
    questionIds.map((questionId) => [
      String(questionId),
      { questionNr: questions.get(questionId)?.questionNr ?? null, values: valuesOf.get(questionId)! },
    ]),
  );
}

/** PATCH /surveys/assets/{id}/status: the status, and the note unless none is sent. Audited. */
export async function changeAssetStatus(
  db: Database,
  viewer: TokenClaims | null,
  id: string,
  body: z.output<typeof AssetStatusBody>,
  language: Language,
  blobs: BlobStore,
): Promise<AssetDetail> {
  assertAdmin(viewer);
  await db.transaction(async (tx) => {
    const [changed] = await updateStatuses(tx, { ids: [id] }, body);
    if (!changed) {
      if (!(await findReviewedAsset(tx, id))) throw assetNotFound();
      return;
    }
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'asset.status',
      subjectType: ASSET,
      subjectId: id,
      ...statusSnapshots(changed, body),
    });
  });
  return getAssetDetail(db, viewer, id, language, { blobs });
}

function statusSnapshots(
  before: { status: string; adminNote: string | null },
  change: { status: string; adminNote: string | null | undefined },
): { before: StatusSnapshot; after: StatusSnapshot } {
  return {
    before: { status: before.status, adminNote: before.adminNote },
    after: { status: change.status, adminNote: change.adminNote === undefined ? before.adminNote : change.adminNote },
  };
}

/**
 * PATCH /surveys/assets/status: approve or reject (any status) many assets with one note, named
 * by id or by the list's filters, in one transaction: one UPDATE, and one audit entry per changed
 * asset written in one more statement.
 */
export async function changeAssetStatuses(
  db: Database,
  viewer: TokenClaims | null,
  body: z.output<typeof BulkAssetStatusBody>,
): Promise<BulkAssetStatusResult> {
  assertAdmin(viewer);
  const ids = body.ids && [...new Set(body.ids)];
  const target = ids ? { ids } : { criteria: listCriteria(body.filter ?? {}, true) };
  return db.transaction(async (tx) => {
    // Counted first: once changed, assets may no longer match a filter on status.
    const matchedByFilter = ids ? 0 : await countMatching(tx, target);
    const changed = await updateStatuses(tx, target, body);
    await recordAudits(
      tx,
      viewer.userId,
      changed.map((row) => ({
        action: 'asset.status',
        subjectType: ASSET,
        subjectId: row.id,
        ...statusSnapshots(row, body),
      })),
    );
    if (!ids) return { updated: changed.length, matched: matchedByFilter, missingIds: [] };
    // Every id changed, so every id exists: no need to look them up again.
    const existing = changed.length === ids.length ? new Set(ids) : await selectExistingIds(tx, ids);
    return {
      updated: changed.length,
      matched: existing.size,
      missingIds: ids.filter((assetId) => !existing.has(assetId)),
    };
  });
}

/** GET /surveys/assets/{id}/history: the asset's edits and reviews, newest first, readable. */
export async function getAssetHistory(
  db: Database,
  viewer: TokenClaims | null,
  id: string,
  query: z.output<typeof AssetHistoryQuery>,
  language: Language,
): Promise<AssetHistory> {
  assertAdmin(viewer);
  if (!(await findReviewedAsset(db, id))) throw assetNotFound();
  const { rows, total } = await auditEntriesOf(
    db,
    { subjectType: ASSET, subjectId: id },
    { limit: query.limit, offset: offsetOf(query) },
  );
  const items = await presentAssetHistory(rows, language, {
    questions: (questionIds) => selectQuestionTitles(db, questionIds),
    options: (optionIds) => selectOptionDescriptions(db, optionIds),
  });
  return { items, meta: pageMeta(query, total) };
}
