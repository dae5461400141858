import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import type {
  CreateDatasetBody,
  Dataset,
  DatasetDetail,
  DatasetFilters,
  DatasetList,
  DatasetListQuery,
  DatasetStatsList,
  DatasetStatsQuery,
  UpdateDatasetBody,
} from '@trashegimia/contract/datasets';
import type { Database, Executor } from '../../db/client';
import { cachedRead } from '../../db/cache';
import { notFound } from '../../errors';
import { offsetOf, pageMeta } from '../../http/paging';
import { compareQuestionNr } from '@trashegimia/contract/question-numbers';
import { recordAudit } from '../audit/audit.service';
import { assertAdmin, assertUser, isAdmin } from '../auth';
import { presentDataset, presentDatasetFilters, presentDatasetStatsItem } from './datasets.presenter';
import {
  type ChoiceQuestionOptionRow,
  datasetFilterReads,
  deleteDatasetById,
  findChoiceQuestionOptions,
  findDataset,
  findDatasetLastUpdate,
  findDatasetSurveyIds,
  insertDataset,
  selectDatasetsWithStats,
  updateDataset,
} from './datasets.repo';

export const datasetNotFound = () => notFound('dataset');

/** What a viewer may see of datasets: inactive ones and unapproved assets are for administrators. */
const scopeOf = (viewer: TokenClaims | null) => {
  const admin = isAdmin(viewer);
  return { includeInactive: admin, countAllStatuses: admin };
};

export async function listDatasets(
  db: Executor,
  viewer: TokenClaims | null,
  query: z.output<typeof DatasetListQuery>,
  language: Language,
): Promise<DatasetList> {
  const scope = scopeOf(viewer);
  const { rows, total } = await selectDatasetsWithStats(db, {
    ...scope,
    includeInactive: scope.includeInactive && query.includeInactive === true,
    search: query.search || undefined,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    language,
    limit: query.limit,
    offset: offsetOf(query),
  });
  return { items: rows.map((row) => presentDataset(row, language)), meta: pageMeta(query, total) };
}

/** 404 for an unknown dataset, and for an inactive one unless the viewer is an administrator. */
export async function getDataset(
  db: Executor,
  viewer: TokenClaims | null,
  id: number,
  language: Language,
): Promise<DatasetDetail> {
  // Both at once: the last update is read even for a dataset the viewer may not see, and never shown to them.
  const [{ rows }, lastUpdate] = await Promise.all([
    selectDatasetsWithStats(db, {
      ...scopeOf(viewer),
      ids: [id],
      sortBy: 'id',
      sortOrder: 'asc',
      language,
      limit: 1,
      offset: 0,
    }),
    findDatasetLastUpdate(db, id),
  ]);
  const [row] = rows;
  if (!row) throw datasetNotFound();
  return { ...presentDataset(row, language), lastUpdate: lastUpdate?.toISOString() ?? null };
}

/** Logged-in accounts only (spec §6): anonymous 401, guests 403. */
export async function listDatasetStats(
  db: Executor,
  viewer: TokenClaims | null,
  query: z.output<typeof DatasetStatsQuery>,
  language: Language,
): Promise<DatasetStatsList> {
  assertUser(viewer);
  const { rows, total } = await selectDatasetsWithStats(db, {
    ...scopeOf(viewer),
    ...(query.ids && { ids: query.ids }),
    sortBy: 'id',
    sortOrder: 'asc',
    language,
    limit: query.limit,
    offset: offsetOf(query),
  });
  return { items: rows.map((row) => presentDatasetStatsItem(row, language)), meta: pageMeta(query, total) };
}

/** The dataset, or the 404 a viewer who may not see it gets. */
export async function requireVisibleDataset(db: Executor, viewer: TokenClaims | null, id: number) {
  const dataset = await findDataset(db, id, { includeInactive: scopeOf(viewer).includeInactive });
  if (!dataset) throw datasetNotFound();
  return dataset;
}

/** A dataset's choice questions with their options, in question order (spec §3 'Dataset filter item'). */
export async function getDatasetFilters(
  db: Executor,
  viewer: TokenClaims | null,
  id: number,
  language: Language,
): Promise<DatasetFilters> {
  const admin = isAdmin(viewer);
  // The same for every visitor of a language and rarely changed: kept until its tables change.
  const key = `${id}:${admin}:${language}`;
  return cachedRead(db, 'dataset_filters', key, datasetFilterReads(id, !admin), async () => {
    // Together: a dataset the viewer may not see fails the call whatever its surveys.
    const [surveyIds] = await Promise.all([
      findDatasetSurveyIds(db, id, { publicOnly: !admin }),
      requireVisibleDataset(db, viewer, id),
    ]);
    const rows = await findChoiceQuestionOptions(db, surveyIds);
    return presentDatasetFilters(groupByQuestion(rows), language);
  });
}

export type ChoiceQuestion = Omit<ChoiceQuestionOptionRow, 'optionId' | 'value' | `description${string}`> & {
  options: Pick<ChoiceQuestionOptionRow, 'optionId' | 'value' | 'descriptionXk' | 'descriptionEn' | 'descriptionSr'>[];
};

/** Option rows → one entry per question, ordered by question number (then id, across surveys). */
export function groupByQuestion(rows: ChoiceQuestionOptionRow[]): ChoiceQuestion[] {
  const byId = new Map<number, ChoiceQuestion>();
  for (const { optionId, value, descriptionXk, descriptionEn, descriptionSr, ...question } of rows) {
    let entry = byId.get(question.questionId);
    if (!entry) byId.set(question.questionId, (entry = { ...question, options: [] }));
    entry.options.push({ optionId, value, descriptionXk, descriptionEn, descriptionSr });
  }
  return [...byId.values()].sort(
    (a, b) => compareQuestionNr(a.questionNr, b.questionNr) || a.questionId - b.questionId,
  );
}

/** POST /datasets: administrators only; answers with the new dataset as GET /datasets/{id} shows it. */
export async function createDataset(
  db: Database,
  viewer: TokenClaims | null,
  body: z.output<typeof CreateDatasetBody>,
  language: Language,
): Promise<Dataset> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const row = await insertDataset(tx, {
      name: body.nameXk,
      nameEn: body.nameEn ?? null,
      nameSr: body.nameSr ?? null,
      descriptionXk: body.descriptionXk ?? null,
      descriptionEn: body.descriptionEn ?? null,
      descriptionSr: body.descriptionSr ?? null,
      pillColor: body.pillColor,
      isActive: body.isActive,
    });
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'dataset.create',
      subjectType: 'dataset',
      subjectId: String(row.id),
      after: row,
    });
    return getDataset(tx, viewer, row.id, language);
  });
}

/** PATCH /datasets/{id}: only the fields sent change. Deactivating hides the dataset from everyone but administrators. */
export async function changeDataset(
  db: Database,
  viewer: TokenClaims | null,
  id: number,
  body: z.output<typeof UpdateDatasetBody>,
  language: Language,
): Promise<Dataset> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const before = await findDataset(tx, id, { includeInactive: true });
    if (!before) throw datasetNotFound();
    const { nameXk, ...rest } = body;
    // The Albanian name is the `name` column.
    const changes = Object.fromEntries(
      Object.entries({ ...rest, name: nameXk }).filter(([, value]) => value !== undefined),
    );
    const after = Object.keys(changes).length === 0 ? before : (await updateDataset(tx, id, changes))!;
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'dataset.update',
      subjectType: 'dataset',
      subjectId: String(id),
      before,
      after,
    });
    return getDataset(tx, viewer, id, language);
  });
}

/**
 * DELETE /datasets/{id}: only a dataset without assets (409 otherwise), since deleting one would
 * take its assets' category away; such a dataset is deactivated instead (PATCH isActive=false).
 * Surveys that named it as their default for new submissions are left without a default.
 */
export async function deleteDataset(db: Database, viewer: TokenClaims | null, id: number) {
  assertAdmin(viewer);
  await db.transaction(async (tx) => {
    const dataset = await findDataset(tx, id, { includeInactive: true, forUpdate: true });
    if (!dataset) throw datasetNotFound();
    await deleteDatasetById(tx, id);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'dataset.delete',
      subjectType: 'dataset',
      subjectId: String(id),
      before: dataset,
    });
  });
}
