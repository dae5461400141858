import type { AssetRangeQuery, AssetStatus, FilterSelection, RiskLevel } from '@trashegimia/contract/assets';
import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import type { Database } from '../../db/client';
import { datasetNameIn, findDatasetSurveyIds, requireVisibleDataset } from '../datasets';
import { type AssetCriteria, countAssets, resolveFilters } from '../asset-search';
import { seesEverything } from './assets.policy';
import { rangeOf } from './assets.service';
import { answerLine, assetStatusOf, riskLevelOf } from './assets.presenter';
import {
  type AnswerTuple,
  type ExportBatchRow,
  type ExportOrder,
  selectExportBatch,
  selectOptionTexts,
  selectParentQuestions,
} from './assets.repo';
import { keysetBatches } from './keyset-batches';
import { compareQuestionNr } from '@trashegimia/contract/question-numbers';
import { localize } from '@trashegimia/contract/localized-text';

/** One column per answerable (PARENT) question of the dataset's surveys, in question order. */
export type ExportColumn = { questionId: number; questionNr: string; title: string };

export type ExportRow = {
  id: string;
  name: string | null;
  municipality: string | null;
  village: string | null;
  /** ISO 8601. */
  date: string;
  status: AssetStatus;
  latitude: number | null;
  longitude: number | null;
  riskLevel: RiskLevel;
  /** By question id: the answer as text in the export's language; a multiple choice joined with ', '. */
  answers: Record<number, string>;
};

export type DatasetExport = {
  /** The name in the export's language, else the Albanian one. */
  dataset: { id: number; name: string };
  /** How many rows the batches will give (counted when opened). */
  total: number;
  columns: ExportColumn[];
  /** Each call starts a fresh pass; rows in the order asked for, `batchSize` assets at a time. */
  batches: () => AsyncIterable<ExportRow[]>;
};

/**
 * Rows per database batch. A batch lives while the one before it is written and the next is
 * prefetched: at 250 rows that spanned enough allocation for its rows to outlive two scavenges and
 * fill V8's old generation with garbage (a 100,000-row export peaked at 235–270 MB RSS); at 100
 * they mostly die young (155–165 MB), at the same speed.
 */
const DEFAULT_EXPORT_BATCH_SIZE = 100;

/**
 * A dataset, or its filtered part, as rows to write out (POST /surveys/dataset-respondents/export).
 * Same visibility and filter rules and the same order as the filtered respondent list. Nothing is
 * held beyond one batch: assets come with their answers by keyset pagination in that order.
 * Batches are separate statements, so an asset edited during a long export shows its state at the
 * moment its batch was read. Throws 404 `dataset_not_found`.
 */
export async function openDatasetExport(
  db: Database,
  viewer: TokenClaims | null,
  input: {
    datasetId: number;
    filters: FilterSelection[];
    range?: z.output<typeof AssetRangeQuery>;
    order: ExportOrder;
  },
  language: Language,
  options: { batchSize?: number } = {},
): Promise<DatasetExport> {
  const dataset = await requireVisibleDataset(db, viewer, input.datasetId);
  const criteria: AssetCriteria = {
    publicOnly: !seesEverything(viewer),
    datasetId: dataset.id,
    filters: await resolveFilters(db, dataset.id, input.filters),
    ...rangeOf(input.range ?? {}),
  };
  const [questions, total] = await Promise.all([
    // Columns only for the surveys of assets this viewer may read, so none reveals an unpublished survey.
    findDatasetSurveyIds(db, dataset.id, { publicOnly: criteria.publicOnly }).then((surveyIds) =>
      selectParentQuestions(db, surveyIds),
    ),
    countAssets(db, criteria),
  ]);
  const columns = questions
    .sort((a, b) => compareQuestionNr(a.questionNr, b.questionNr) || a.id - b.id)
    .map((question) => ({
      questionId: question.id,
      questionNr: question.questionNr,
      title: localize(question, 'title', language) ?? question.questionNr,
    }));
  const batchSize = options.batchSize ?? DEFAULT_EXPORT_BATCH_SIZE;

  const optionTexts = await selectOptionTexts(
    db,
    columns.map((column) => column.questionId),
  );
  const format = answerFormatter(optionTexts, language);
  const read = (after: ExportBatchRow | null) => selectExportBatch(db, criteria, input.order, after, batchSize);
  const batches = () =>
    keysetBatches(read, batchSize, (row) => ({
      id: row.id,
      name: row.name,
      municipality: row.municipality,
      village: row.village,
      date: row.date.toISOString(),
      status: assetStatusOf(row.status),
      latitude: row.latitude,
      longitude: row.longitude,
      riskLevel: riskLevelOf(row.riskLevel),
      answers: format(row.answers ?? []),
    }));

  return { dataset: { id: dataset.id, name: datasetNameIn(dataset, language) }, total, columns, batches };
}

type OptionText = Awaited<ReturnType<typeof selectOptionTexts>>[number];

/**
 * An asset's answers → per question one text: the option's description in the language (else its
 * value) plus ' — ' and value2 when there is one; a multiple choice's options in option order,
 * joined with ', '; a text answer as written.
 */
function answerFormatter(options: OptionText[], language: Language) {
  // Each option's text once per export, not once per answer: an export formats millions of answers.
  const byId = new Map(
    options.map((option) => [
      option.id,
      { order: option.optionOrder ?? 0, text: localize(option, 'optionDescription', language) },
    ]),
  );
  return (tuples: AnswerTuple[]): Record<number, string> => {
    const parts = new Map<number, { order: number; text: string }[]>();
    for (const [questionId, optionId, value, value2] of tuples) {
      const option = optionId === null ? undefined : byId.get(optionId);
      const text = answerLine(option?.text ?? null, value, value2);
      if (text === '') continue;
      let list = parts.get(questionId);
      if (!list) parts.set(questionId, (list = []));
      list.push({ order: option?.order ?? 0, text });
    }
    const result: Record<number, string> = {};
    for (const [questionId, list] of parts) {
      result[questionId] = list
        .sort((a, b) => a.order - b.order)
        .map((part) => part.text)
        .join(', ');
    }
    return result;
  };
}
