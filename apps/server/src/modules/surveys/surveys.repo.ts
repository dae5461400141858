import { type SQL, and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { SURVEY_STATE } from '@trashegimia/contract/surveys';
import type { Executor } from '../../db/client';
import { surveys } from '../../db/schema/index';
import { FOREIGN_KEY_VIOLATION, badRequest, conflict, isStillReferenced, sqlState } from '../../errors';
import { containsText } from '../../db/text-search';

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyValues = Partial<Omit<typeof surveys.$inferInsert, 'id' | 'insDate' | 'lud'>>;

const descriptionContains = (text: string): SQL =>
  or(
    containsText(surveys.descriptionXk, text),
    containsText(surveys.descriptionEn, text),
    containsText(surveys.descriptionSr, text),
  )!;

/** Newest first, optionally those whose short description in any language contains the text. */
export async function selectSurveys(
  db: Executor,
  selection: { search?: string; limit: number; offset: number },
): Promise<{ rows: SurveyRow[]; total: number }> {
  const where = selection.search ? descriptionContains(selection.search) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(surveys).where(where).orderBy(desc(surveys.id)).limit(selection.limit).offset(selection.offset),
    db
      .select({ value: sql<number>`count(*)::int`.mapWith(Number) })
      .from(surveys)
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Active surveys with a default dataset, oldest first: those field devices can submit to. */
export async function selectCollectableSurveys(db: Executor): Promise<SurveyRow[]> {
  return db
    .select()
    .from(surveys)
    .where(and(eq(surveys.surveyState, SURVEY_STATE.ACTIVE), isNotNull(surveys.defaultDatasetId)))
    .orderBy(asc(surveys.id));
}

export async function findSurvey(db: Executor, id: number): Promise<SurveyRow | undefined> {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, id)).limit(1);
  return row;
}

export async function insertSurvey(db: Executor, values: SurveyValues): Promise<SurveyRow> {
  try {
    const [row] = await db.insert(surveys).values(values).returning();
    return row!;
  } catch (error) {
    throw unknownDataset(error);
  }
}

/** Stamps lud with the time of the change; the row stays locked until the transaction ends. */
export async function updateSurvey(db: Executor, id: number, values: SurveyValues): Promise<SurveyRow | undefined> {
  try {
    const [row] = await db
      .update(surveys)
      .set({ ...values, lud: sql`now()` })
      .where(eq(surveys.id, id))
      .returning();
    return row;
  } catch (error) {
    throw unknownDataset(error);
  }
}

export const surveyHasAssetsConflict = () =>
  conflict('This survey has assets, so it cannot be deleted. Make it passive instead.', 'survey_has_assets');

/** Its questions and options go with it; an asset stored meanwhile keeps it (the foreign key restricts). */
export async function deleteSurveyById(db: Executor, id: number) {
  try {
    await db.delete(surveys).where(eq(surveys.id, id));
  } catch (error) {
    if (isStillReferenced(error)) throw surveyHasAssetsConflict();
    throw error;
  }
}

/** The only foreign key a survey's own fields carry is its default dataset. */
const unknownDataset = (error: unknown) =>
  sqlState(error) === FOREIGN_KEY_VIOLATION
    ? badRequest('defaultDatasetId', 'defaultDatasetId: no such dataset', 'dataset_not_found')
    : error;
