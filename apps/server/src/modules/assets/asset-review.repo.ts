import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { answers, assets, datasets, questionOptions, questions } from '../../db/schema/index';
import { insertAnswers } from './asset-submission.repo';
import { type AssetCriteria, assetWhere } from '../asset-search';

/** The columns an edit or a review reads and may change. */
export type ReviewedAssetRow = {
  id: string;
  surveyId: number;
  datasetId: number;
  datasetName: string;
  comments: string | null;
  status: string;
  adminNote: string | null;
  version: number;
};

export async function findReviewedAsset(db: Executor, id: string): Promise<ReviewedAssetRow | undefined> {
  const [row] = await db
    .select({
      id: assets.id,
      surveyId: assets.surveyId,
      datasetId: assets.datasetId,
      datasetName: datasets.name,
      comments: assets.comments,
      status: assets.status,
      adminNote: assets.adminNote,
      version: assets.version,
    })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(eq(assets.id, id))
    .limit(1);
  return row;
}

export type SurveyQuestionRow = {
  id: number;
  questionNr: string;
  questionCategory: string;
  questionType: string | null;
  questionIdentifier: string | null;
  required: boolean;
  limMin: string | null;
  limMax: string | null;
};

/** Every question of the survey, as answers to it are checked. */
export async function selectSurveyQuestions(db: Executor, surveyId: number): Promise<SurveyQuestionRow[]> {
  return db
    .select({
      id: questions.id,
      questionNr: questions.questionNr,
      questionCategory: questions.questionCategory,
      questionType: questions.questionType,
      questionIdentifier: questions.questionIdentifier,
      required: questions.required,
      limMin: questions.limMin,
      limMax: questions.limMax,
    })
    .from(questions)
    .where(eq(questions.surveyId, surveyId));
}

export type OfferedOptionRow = {
  /** The question that offers it: its own option, or one borrowed from optionsSourceQuestionId. */
  questionId: number;
  id: number;
  value: string;
  isAnother: boolean;
  isDeleted: boolean;
  conditionalParentQuestionId: number | null;
  conditionalParentQuestionValue: string | null;
};

/**
 * Every option the survey's questions offer, their own or borrowed, deleted ones included (old
 * answers keep them), in option order.
 */
export async function selectOfferedOptions(db: Executor, surveyId: number): Promise<OfferedOptionRow[]> {
  return db
    .select({
      questionId: questions.id,
      id: questionOptions.id,
      value: questionOptions.value,
      isAnother: questionOptions.isAnother,
      isDeleted: questionOptions.isDeleted,
      conditionalParentQuestionId: questionOptions.conditionalParentQuestionId,
      conditionalParentQuestionValue: questionOptions.conditionalParentQuestionValue,
    })
    .from(questions)
    .innerJoin(
      questionOptions,
      eq(questionOptions.questionId, sql`coalesce(${questions.optionsSourceQuestionId}, ${questions.id})`),
    )
    .where(eq(questions.surveyId, surveyId))
    .orderBy(questions.id, questionOptions.optionOrder, questionOptions.id);
}

export type StoredAnswerRow = {
  questionId: number;
  optionId: number | null;
  value: string | null;
  value2: string | null;
};

export async function selectStoredAnswers(db: Executor, assetId: string): Promise<StoredAnswerRow[]> {
  return db
    .select({
      questionId: answers.questionId,
      optionId: answers.optionId,
      value: answers.value,
      value2: answers.value2,
    })
    .from(answers)
    .where(eq(answers.assetId, assetId))
    .orderBy(answers.id);
}

/**
 * The answers of these questions become `rows`. Triggers on answers keep the asset's option_ids
 * and answer tuples in step (migrations 0003, 0016, 0017), once per statement.
 */
export async function replaceAnswers(
  db: Executor,
  assetId: string,
  questionIds: number[],
  rows: StoredAnswerRow[],
): Promise<void> {
  if (questionIds.length > 0) {
    await db.delete(answers).where(and(eq(answers.assetId, assetId), inArray(answers.questionId, questionIds)));
  }
  await insertAnswers(
    db,
    rows.map((row) => ({ ...row, assetId })),
  );
}

export type AssetEdit = Partial<{
  comments: string | null;
  datasetId: number;
  name: string | null;
  municipality: string | null;
  village: string | null;
  assetType: string | null;
  usability: string | null;
  access: string | null;
  risk: string | null;
  riskLevel: string;
}>;

/**
 * Writes the edit only if the asset still has the version the editor read, and moves it on: false
 * when it has another (someone saved in between). The row stays locked until the transaction ends,
 * so a concurrent save of the same version waits and then finds the version moved on.
 */
export async function updateAssetAtVersion(db: Executor, id: string, version: number, edit: AssetEdit) {
  const updated = await db
    .update(assets)
    .set({ ...edit, version: sql`${assets.version} + 1`, updatedAt: new Date() })
    .where(and(eq(assets.id, id), eq(assets.version, version)))
    .returning({ id: assets.id });
  return updated.length > 0;
}

/** Edits columns that follow the answers, after those are written (same transaction, row already locked). */
export async function updateAssetColumns(db: Executor, id: string, edit: AssetEdit) {
  if (Object.keys(edit).length === 0) return;
  await db.update(assets).set(edit).where(eq(assets.id, id));
}

export type StatusChangeRow = { id: string; status: string; adminNote: string | null };

/**
 * Sets the status (and note, unless `adminNote` is undefined) of the matching assets in one
 * statement; answers each changed asset as it was before. Assets that already have both are left
 * alone. The matching rows are locked first, so "before" is what this change replaced.
 * A review is no edit: the version stays, so editors who have the asset open can still save.
 */
export async function updateStatuses(
  db: Executor,
  target: { ids: string[] } | { criteria: AssetCriteria },
  change: { status: string; adminNote: string | null | undefined },
): Promise<StatusChangeRow[]> {
  const note = change.adminNote === undefined ? assets.adminNote : sql`${change.adminNote}::text`;
  const matching = db
    .select({ id: assets.id, status: assets.status, adminNote: assets.adminNote })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(
      and(
        'ids' in target ? idIn(target.ids) : assetWhere(target.criteria),
        sql`not (${assets.status} = ${change.status} and ${assets.adminNote} is not distinct from ${note})`,
      ),
    )
    .for('update', { of: assets })
    .as('previous');
  const result = await db.execute(sql`
    update ${assets} set status = ${change.status}, admin_note = ${note}, updated_at = now()
    from ${matching}
    where ${assets.id} = ${matching.id}
    returning ${assets.id} as id, ${matching.status} as status, ${matching.adminNote} as admin_note`);
  return rowsOf<{ id: string; status: string; admin_note: string | null }>(result).map((row) => ({
    id: row.id,
    status: row.status,
    adminNote: row.admin_note,
  }));
}

/** One array parameter rather than one per id: 10,000 ids bind and plan in a fraction of the time. */
const idIn = (ids: string[]) => sql`${assets.id} = any(${sql.param(ids)}::uuid[])`;

/** How many assets match (the filter form of a bulk review). */
export async function countMatching(db: Executor, target: { ids: string[] } | { criteria: AssetCriteria }) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where('ids' in target ? idIn(target.ids) : assetWhere(target.criteria));
  return row?.count ?? 0;
}

/** Which of these ids name an asset. */
export async function selectExistingIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: assets.id }).from(assets).where(idIn(ids));
  return new Set(rows.map((row) => row.id));
}

/** Questions by id with their titles, for the history (deleted ones are simply missing). */
export async function selectQuestionTitles(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: questions.id,
      questionNr: questions.questionNr,
      titleXk: questions.titleXk,
      titleEn: questions.titleEn,
      titleSr: questions.titleSr,
    })
    .from(questions)
    .where(inArray(questions.id, ids));
}

/** Options by id with their descriptions, for the history. */
export async function selectOptionDescriptions(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: questionOptions.id,
      descriptionXk: questionOptions.descriptionXk,
      descriptionEn: questionOptions.descriptionEn,
      descriptionSr: questionOptions.descriptionSr,
    })
    .from(questionOptions)
    .where(inArray(questionOptions.id, ids));
}
