import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { questionGroups } from '../../db/schema/index';

export type QuestionGroupRow = Pick<typeof questionGroups.$inferSelect, 'id' | 'titleXk' | 'titleEn' | 'titleSr'>;
export type QuestionGroupValues = Partial<Omit<QuestionGroupRow, 'id'>>;

const groupColumns = {
  id: questionGroups.id,
  titleXk: questionGroups.titleXk,
  titleEn: questionGroups.titleEn,
  titleSr: questionGroups.titleSr,
};

/** In the order they were made. */
export async function selectQuestionGroups(db: Executor, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select(groupColumns).from(questionGroups).orderBy(asc(questionGroups.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(questionGroups),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function selectQuestionGroupsById(db: Executor, ids: number[]): Promise<QuestionGroupRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(groupColumns)
    .from(questionGroups)
    .where(inArray(questionGroups.id, ids))
    .orderBy(asc(questionGroups.id));
}

export async function findQuestionGroup(db: Executor, id: number): Promise<QuestionGroupRow | undefined> {
  const [row] = await db.select(groupColumns).from(questionGroups).where(eq(questionGroups.id, id)).limit(1);
  return row;
}

export async function insertQuestionGroup(db: Executor, values: QuestionGroupValues): Promise<QuestionGroupRow> {
  const [row] = await db.insert(questionGroups).values(values).returning(groupColumns);
  return row!;
}

export async function updateQuestionGroup(db: Executor, id: number, values: QuestionGroupValues) {
  if (Object.values(values).every((value) => value === undefined)) return findQuestionGroup(db, id);
  const [row] = await db.update(questionGroups).set(values).where(eq(questionGroups.id, id)).returning(groupColumns);
  return row;
}

/** Questions in the group stay where they are, ungrouped (the foreign key sets their group to null). */
export async function deleteQuestionGroupById(db: Executor, id: number) {
  await db.delete(questionGroups).where(eq(questionGroups.id, id));
}
