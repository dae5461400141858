import { type SQL, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { questionLibrary } from '../../db/schema/index';
import { containsText } from '../../db/text-search';

export type LibraryQuestionRow = typeof questionLibrary.$inferSelect;
export type LibraryQuestionValues = Omit<typeof questionLibrary.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const titleContains = (text: string): SQL =>
  or(
    containsText(questionLibrary.titleXk, text),
    containsText(questionLibrary.titleEn, text),
    containsText(questionLibrary.titleSr, text),
  )!;

/** Newest first, optionally those whose title in any language contains the text. */
export async function selectLibraryQuestions(
  db: Executor,
  selection: { search?: string; limit: number; offset: number },
): Promise<{ rows: LibraryQuestionRow[]; total: number }> {
  const where = selection.search ? titleContains(selection.search) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(questionLibrary)
      .where(where)
      .orderBy(desc(questionLibrary.id))
      .limit(selection.limit)
      .offset(selection.offset),
    db
      .select({ value: sql<number>`count(*)::int`.mapWith(Number) })
      .from(questionLibrary)
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findLibraryQuestion(db: Executor, id: number): Promise<LibraryQuestionRow | undefined> {
  const [row] = await db.select().from(questionLibrary).where(eq(questionLibrary.id, id)).limit(1);
  return row;
}

export async function selectLibraryQuestionsById(db: Executor, ids: number[]): Promise<LibraryQuestionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(questionLibrary).where(inArray(questionLibrary.id, ids));
}

export async function insertLibraryQuestion(db: Executor, values: LibraryQuestionValues): Promise<LibraryQuestionRow> {
  const [row] = await db.insert(questionLibrary).values(values).returning();
  return row!;
}

export async function updateLibraryQuestion(
  db: Executor,
  id: number,
  values: Partial<LibraryQuestionValues>,
): Promise<LibraryQuestionRow | undefined> {
  const [row] = await db
    .update(questionLibrary)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(questionLibrary.id, id))
    .returning();
  return row;
}

export async function deleteLibraryQuestionById(db: Executor, id: number) {
  await db.delete(questionLibrary).where(eq(questionLibrary.id, id));
}
