import { type SQL, type SQLWrapper, and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Language } from '@trashegimia/contract/common';
import { albanianOrder } from '../../db/albanian-order';
import type { Executor } from '../../db/client';
import {
  assetCountChanges,
  assetCounts,
  assets,
  datasets,
  questionOptions,
  questions,
  surveys,
} from '../../db/schema/index';
import { containsPattern, matchesPattern } from '../../db/text-search';
import { Bindings, runPrepared, type Values } from '../../db/prepared';
import { invalidatedBy } from '../../db/notifications';
import { type CacheDependency, cachedRead } from '../../db/cache';
import { conflict, isStillReferenced } from '../../errors';

export type DatasetRow = Omit<typeof datasets.$inferSelect, 'createdAt' | 'updatedAt'>;
export type DatasetStatsRow = {
  totalResponses: number;
  /** Counted for administrators only (countAllStatuses). */
  notPublicResponses?: number;
  totalSurveys: number;
  activeSurveys: number;
  totalQuestions: number;
};
export type DatasetWithStats = DatasetRow & { stats: DatasetStatsRow };

export type DatasetSelection = {
  /** Inactive datasets too (admins). */
  includeInactive: boolean;
  /**
   * Count assets of every status (admins); otherwise approved ones only — for the responses and
   * for the surveys (and their questions) those assets use.
   */
  countAllStatuses: boolean;
  ids?: number[];
  search?: string;
  sortBy: 'id' | 'name' | 'totalResponses';
  /** Whose names a sort by name follows: the language's, else the Albanian one. */
  language: Language;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
};

const ACTIVE_SURVEY_STATE = 1;
/** The one status a non-admin sees (spec §6); the same rule as the assets module's `publicOnly`. */
const PUBLIC_ASSET_STATUS = 'APPROVED';

const datasetColumns = {
  id: datasets.id,
  name: datasets.name,
  nameEn: datasets.nameEn,
  nameSr: datasets.nameSr,
  descriptionXk: datasets.descriptionXk,
  descriptionEn: datasets.descriptionEn,
  descriptionSr: datasets.descriptionSr,
  pillColor: datasets.pillColor,
  isActive: datasets.isActive,
};

/**
 * Datasets with their stats, in one statement: asset_counts (kept by triggers) gives
 * the responses per (dataset, survey) without reading the assets, and that small result gives the
 * responses, the surveys used, how many are active, and their questions.
 * Sorting by totalResponses and paging happen in the same statement, prepared once per shape.
 */
export function selectDatasetsWithStats(
  db: Executor,
  selection: DatasetSelection,
): Promise<{ rows: DatasetWithStats[]; total: number }> {
  // The same for every visitor and rarely changed: kept until one of the tables it reads changes.
  return cachedRead(db, 'datasets_with_stats', JSON.stringify(selection), datasetStatsReads(selection), () =>
    readDatasetsWithStats(db, selection),
  );
}

/**
 * What the datasets with their stats are read from: of named datasets (one dataset's page), their
 * rows and counts only, so a review in another dataset, or of assets the viewer does not count,
 * keeps them.
 */
function datasetStatsReads({ ids, countAllStatuses }: DatasetSelection): CacheDependency[] {
  if (!ids) return [datasets, assetCountChanges, surveys, questions];
  return [
    ...ids.flatMap((id): CacheDependency[] => [
      invalidatedBy.dataset(id),
      surveysOfDatasetReads(id, !countAllStatuses),
    ]),
    surveys,
    questions,
  ];
}

async function readDatasetsWithStats(
  db: Executor,
  selection: DatasetSelection,
): Promise<{ rows: DatasetWithStats[]; total: number }> {
  const bindings = new Bindings();
  const where = and(...datasetConditions(selection, bindings));
  const countValues = { ...bindings.values };
  const limit = bindings.bind('limit', selection.limit);
  const offset = bindings.bind('offset', selection.offset);
  const { includeInactive, countAllStatuses, sortBy, sortOrder, language } = selection;
  const shape = [includeInactive, countAllStatuses, sortBy, sortOrder, language, bindings.names].join();
  const rows = await runPrepared(
    db,
    'datasets_with_stats',
    shape,
    () => datasetsWithStatsQuery(db, selection, where).limit(limit).offset(offset),
    bindings.values,
  );

  // Past the last page the window count has no row to ride on.
  const total = rows[0]?.total ?? (selection.offset > 0 ? await countDatasets(db, where, countValues) : 0);
  return {
    rows: rows.map(
      ({
        totalResponses,
        notPublicResponses,
        totalSurveys,
        activeSurveys,
        totalQuestions,
        total: _total,
        ...dataset
      }) => ({
        ...dataset,
        stats: {
          totalResponses,
          ...(selection.countAllStatuses && { notPublicResponses }),
          totalSurveys,
          activeSurveys,
          totalQuestions,
        },
      }),
    ),
    total,
  };
}

function datasetsWithStatsQuery(db: Executor, selection: DatasetSelection, where: SQL | undefined) {
  // Only the assets the viewer may see: a survey that only unapproved assets use is neither counted
  // nor named to a non-admin (its questions would tell of work not yet published).
  const used = db
    .select({
      datasetId: assetCounts.datasetId,
      surveyId: assetCounts.surveyId,
      responses: sql<number>`sum(${assetCounts.count})`.as('responses'),
      notPublic:
        sql<number>`sum(${assetCounts.count}) filter (where ${assetCounts.status} <> ${PUBLIC_ASSET_STATUS})`.as(
          'not_public',
        ),
    })
    .from(assetCounts)
    .where(
      and(
        gt(assetCounts.count, 0),
        selection.countAllStatuses ? undefined : eq(assetCounts.status, PUBLIC_ASSET_STATUS),
      ),
    )
    .groupBy(assetCounts.datasetId, assetCounts.surveyId)
    .as('used');
  const questionCounts = db
    .select({ surveyId: questions.surveyId, questionCount: sql<number>`count(*)`.as('question_count') })
    .from(questions)
    .where(eq(questions.questionCategory, 'PARENT'))
    .groupBy(questions.surveyId)
    .as('question_counts');
  const stats = db
    .select({
      datasetId: used.datasetId,
      totalResponses: sql<number>`sum(${used.responses})`.as('total_responses'),
      notPublicResponses: sql<number>`sum(${used.notPublic})`.as('not_public_responses'),
      totalSurveys: sql<number>`count(*)`.as('total_surveys'),
      activeSurveys: sql<number>`count(*) filter (where ${surveys.surveyState} = ${ACTIVE_SURVEY_STATE})`.as(
        'active_surveys',
      ),
      totalQuestions: sql<number>`sum(coalesce(${questionCounts.questionCount}, 0))`.as('total_questions'),
    })
    .from(used)
    .innerJoin(surveys, eq(surveys.id, used.surveyId))
    .leftJoin(questionCounts, eq(questionCounts.surveyId, used.surveyId))
    .groupBy(used.datasetId)
    .as('stats');

  const totalResponses = sql<number>`coalesce(${stats.totalResponses}, 0)::int`;
  const direction = selection.sortOrder === 'desc' ? desc : asc;
  const order: SQL[] = {
    id: [direction(datasets.id)],
    name: [direction(albanianOrder(nameIn(selection.language))), direction(datasets.id)],
    totalResponses: [direction(totalResponses), direction(datasets.id)],
  }[selection.sortBy];

  return db
    .select({
      ...datasetColumns,
      totalResponses: totalResponses.mapWith(Number),
      // The public sees none of an inactive dataset's assets.
      notPublicResponses:
        sql<number>`(case when ${datasets.isActive} then coalesce(${stats.notPublicResponses}, 0) else ${totalResponses} end)::int`.mapWith(
          Number,
        ),
      totalSurveys: sql<number>`coalesce(${stats.totalSurveys}, 0)::int`.mapWith(Number),
      activeSurveys: sql<number>`coalesce(${stats.activeSurveys}, 0)::int`.mapWith(Number),
      totalQuestions: sql<number>`coalesce(${stats.totalQuestions}, 0)::int`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(datasets)
    .leftJoin(stats, eq(stats.datasetId, datasets.id))
    .where(where)
    .orderBy(...order)
    .$dynamic();
}

/** The WHERE of a selection, its values bound as placeholders. */
function datasetConditions(selection: DatasetSelection, bindings: Bindings): (SQL | undefined)[] {
  const search = selection.search ? bindings.bind('search', containsPattern(selection.search)) : undefined;
  return [
    selection.includeInactive ? undefined : eq(datasets.isActive, true),
    selection.ids ? sql`${datasets.id} = any(${bindings.bind('ids', selection.ids)}::integer[])` : undefined,
    search
      ? or(
          matchesPattern(datasets.name, search),
          matchesPattern(datasets.nameEn, search),
          matchesPattern(datasets.nameSr, search),
          matchesPattern(datasets.descriptionXk, search),
          matchesPattern(datasets.descriptionEn, search),
          matchesPattern(datasets.descriptionSr, search),
        )
      : undefined,
  ];
}

/** The dataset's name in the language, else the Albanian one (`name`), as the contract's `localize` picks. */
function nameIn(language: Language): SQLWrapper {
  const own = { xk: null, en: datasets.nameEn, sr: datasets.nameSr }[language];
  return own ? sql`coalesce(nullif(trim(${own}), ''), ${datasets.name})` : datasets.name;
}

async function countDatasets(db: Executor, where: SQL | undefined, values: Values) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(datasets)
    .where(where)
    .execute(values);
  return row?.count ?? 0;
}

/**
 * The dataset without stats; inactive ones only when asked. `forUpdate` holds the row until the
 * transaction ends, so no asset can be added to it meanwhile.
 */
export async function findDataset(
  db: Executor,
  id: number,
  options: { includeInactive: boolean; forUpdate?: boolean },
) {
  const { includeInactive, forUpdate = false } = options;
  const [row] = await runPrepared(
    db,
    'dataset',
    [includeInactive, forUpdate].join(),
    () => {
      const query = db
        .select(datasetColumns)
        .from(datasets)
        .where(and(eq(datasets.id, sql.placeholder('id')), includeInactive ? undefined : eq(datasets.isActive, true)))
        .limit(1);
      return forUpdate ? query.for('update') : query;
    },
    { id },
  );
  return row;
}

/**
 * When the dataset's published data last changed: the newest change of one of its approved assets
 * (a submission approved, a review, an edit) or of its own row, whichever is later; null for an
 * unknown dataset. An asset taken out of the public's view leaves no date behind, as its row is no
 * longer approved. The assets' part is one probe of assets_dataset_status_updated_idx.
 */
export function findDatasetLastUpdate(db: Executor, id: number): Promise<Date | null> {
  return cachedRead(
    db,
    'dataset_last_update',
    String(id),
    [invalidatedBy.datasetAssets(id, true), invalidatedBy.dataset(id)],
    async () => {
      const [row] = await runPrepared(
        db,
        'dataset_last_update',
        '',
        () => {
          const newestAsset = db
            .select({ updatedAt: sql`max(${assets.updatedAt})` })
            .from(assets)
            .where(and(eq(assets.datasetId, datasets.id), eq(assets.status, PUBLIC_ASSET_STATUS)));
          return db
            .select({
              lastUpdate: sql<string>`greatest(${datasets.updatedAt}, (${newestAsset}))`,
            })
            .from(datasets)
            .where(eq(datasets.id, sql.placeholder('id')));
        },
        { id },
      );
      return row ? new Date(row.lastUpdate) : null;
    },
  );
}

export type DatasetValues = Omit<DatasetRow, 'id'>;

export async function insertDataset(db: Executor, values: DatasetValues): Promise<DatasetRow> {
  const [row] = await db.insert(datasets).values(values).returning(datasetColumns);
  return row!;
}

export async function updateDataset(db: Executor, id: number, values: Partial<DatasetValues>) {
  const [row] = await db
    .update(datasets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(datasets.id, id))
    .returning(datasetColumns);
  return row;
}

/**
 * 409 when assets use the dataset: their foreign key refuses the delete, and an asset being added
 * meanwhile holds the dataset's row until it is saved, so none slips in after the check.
 */
export async function deleteDatasetById(db: Executor, id: number) {
  try {
    await db.delete(datasets).where(eq(datasets.id, id));
  } catch (error) {
    if (isStillReferenced(error)) {
      throw conflict('This dataset has assets and cannot be deleted; deactivate it instead', 'dataset_has_assets');
    }
    throw error;
  }
}

/**
 * The surveys a dataset's assets use, from asset_counts rather than the assets.
 *
 * `publicOnly` (for anyone but an administrator) counts approved assets only, so a survey that only
 * uploaded, rejected or passive assets use is left out. It defaults to false — every asset — which
 * is right for administrators only: callers serving other viewers must pass
 * `{ publicOnly: !seesEverything(viewer) }`.
 */
export async function findDatasetSurveyIds(
  db: Executor,
  datasetId: number,
  options: { publicOnly?: boolean } = {},
): Promise<number[]> {
  const publicOnly = options.publicOnly ?? false;
  // Kept until the dataset's counts change: every filtered list and filter panel asks.
  const rows = await cachedRead(
    db,
    'dataset_surveys',
    `${datasetId}:${publicOnly}`,
    [surveysOfDatasetReads(datasetId, publicOnly)],
    () =>
      runPrepared(
        db,
        'dataset_surveys',
        String(publicOnly),
        () =>
          db
            .selectDistinct({ id: assetCounts.surveyId })
            .from(assetCounts)
            .where(
              and(
                eq(assetCounts.datasetId, sql.placeholder('datasetId')),
                gt(assetCounts.count, 0),
                publicOnly ? eq(assetCounts.status, PUBLIC_ASSET_STATUS) : undefined,
              ),
            )
            .orderBy(assetCounts.surveyId),
        { datasetId },
      ),
  );
  return rows.map((row) => row.id);
}

export const CHOICE_QUESTION_TYPES = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'DROPDOWN', 'SELECT_AND_TEXT'] as const;
export type ChoiceQuestionType = (typeof CHOICE_QUESTION_TYPES)[number];

export type ChoiceQuestionOptionRow = {
  questionId: number;
  questionNr: string;
  questionType: ChoiceQuestionType;
  questionIdentifier: string | null;
  titleXk: string | null;
  titleEn: string | null;
  titleSr: string | null;
  optionId: number;
  value: string;
  descriptionXk: string | null;
  descriptionEn: string | null;
  descriptionSr: string | null;
};

/**
 * The choice questions of the given surveys (or of those a dataset's assets use), one row per
 * offered option (not deleted), in option order; a question that borrows another's options
 * (optionsSourceQuestionId) gets those. Questions without options have no row. `questionIds`
 * narrows to those questions.
 */
export async function findChoiceQuestionOptions(
  db: Executor,
  surveys: number[] | { ofDataset: number },
  questionIds?: number[],
): Promise<ChoiceQuestionOptionRow[]> {
  // The dataset's surveys are kept apart: its counts change with every review, its surveys rarely.
  const surveyIds = Array.isArray(surveys) ? surveys : await findDatasetSurveyIds(db, surveys.ofDataset);
  if (surveyIds.length === 0 || questionIds?.length === 0) return [];
  const bindings = new Bindings();
  const ofSurveys = sql`${questions.surveyId} = any(${bindings.bind('surveyIds', surveyIds)}::integer[])`;
  const ofQuestions = questionIds
    ? sql`${questions.id} = any(${bindings.bind('questionIds', questionIds)}::integer[])`
    : undefined;
  // Read by every filtered list to check its filters, and rarely changed: kept until its tables change.
  const rows = await cachedRead(
    db,
    'choice_question_options',
    JSON.stringify(bindings.values),
    CHOICE_OPTION_TABLES,
    () =>
      runPrepared(
        db,
        'choice_question_options',
        bindings.names,
        () => choiceQuestionOptionsQuery(db, and(ofSurveys, ofQuestions)),
        bindings.values,
      ),
  );
  return rows as ChoiceQuestionOptionRow[];
}

/** What the choice questions' options are read from. */
const CHOICE_OPTION_TABLES = [questions, questionOptions];

/**
 * Which surveys a dataset's assets use (the public's: its approved assets') comes from their counts,
 * which change when changes to them are appended (folding them changes no count).
 */
const surveysOfDatasetReads = (datasetId: number, publicOnly = false): CacheDependency =>
  invalidatedBy.datasetAssetCounts(datasetId, publicOnly);

/** What a dataset's filters are read from: the dataset, the surveys it uses, their choice questions. */
export const datasetFilterReads = (datasetId: number, publicOnly: boolean): CacheDependency[] => [
  invalidatedBy.shownDataset(datasetId),
  surveysOfDatasetReads(datasetId, publicOnly),
  ...CHOICE_OPTION_TABLES,
];

function choiceQuestionOptionsQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      questionId: questions.id,
      questionNr: questions.questionNr,
      questionType: questions.questionType,
      questionIdentifier: questions.questionIdentifier,
      titleXk: questions.titleXk,
      titleEn: questions.titleEn,
      titleSr: questions.titleSr,
      optionId: questionOptions.id,
      value: questionOptions.value,
      descriptionXk: questionOptions.descriptionXk,
      descriptionEn: questionOptions.descriptionEn,
      descriptionSr: questionOptions.descriptionSr,
    })
    .from(questions)
    .innerJoin(
      questionOptions,
      and(
        eq(questionOptions.questionId, sql`coalesce(${questions.optionsSourceQuestionId}, ${questions.id})`),
        eq(questionOptions.isDeleted, false),
      ),
    )
    .where(and(where, inArray(questions.questionType, [...CHOICE_QUESTION_TYPES])))
    .orderBy(questions.id, questionOptions.optionOrder, questionOptions.id);
}
