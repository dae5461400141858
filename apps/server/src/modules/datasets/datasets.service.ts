import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import type {
  DatasetFilters,
  DatasetList,
  DatasetListQuery,
  DatasetStatsList,
  DatasetStatsQuery,
} from '@trashegimia/contract/datasets';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { seesEverything } from '../assets/assets.policy';
import { offsetOf, pageMeta } from '../../http/paging';
import { compareQuestionNr } from '../assets/survey-text';
import { assertUser } from '../auth/guards';
import { presentDataset, presentDatasetFilters, presentDatasetStatsItem } from './datasets.presenter';
import {
  type ChoiceQuestionOptionRow,
  findChoiceQuestionOptions,
  findDataset,
  findDatasetSurveyIds,
  selectDatasetsWithStats,
} from './datasets.repo';

export const datasetNotFound = () => notFound('dataset');

/** What a viewer may see of datasets: inactive ones and unapproved assets are for administrators. */
const scopeOf = (viewer: TokenClaims | null) => {
  const admin = seesEverything(viewer);
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
    limit: query.limit,
    offset: offsetOf(query),
  });
  return { items: rows.map((row) => presentDataset(row, language)), meta: pageMeta(query, total) };
}

/** 404 for an unknown dataset, and for an inactive one unless the viewer is an administrator. */
export async function getDataset(db: Executor, viewer: TokenClaims | null, id: number, language: Language) {
  const { rows } = await selectDatasetsWithStats(db, {
    ...scopeOf(viewer),
    ids: [id],
    sortBy: 'id',
    sortOrder: 'asc',
    limit: 1,
    offset: 0,
  });
  const [row] = rows;
  if (!row) throw datasetNotFound();
  return presentDataset(row, language);
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
  await requireVisibleDataset(db, viewer, id);
  const surveyIds = await findDatasetSurveyIds(db, id, { publicOnly: !seesEverything(viewer) });
  const rows = await findChoiceQuestionOptions(db, surveyIds);
  return presentDatasetFilters(groupByQuestion(rows), language);
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
