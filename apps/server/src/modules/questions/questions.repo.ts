import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { questionOptions, questions } from '../../db/schema/index';

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionValues = Omit<typeof questions.$inferInsert, 'id' | 'createdAt'>;
export type OptionRow = typeof questionOptions.$inferSelect;
export type OptionValues = Omit<typeof questionOptions.$inferInsert, 'id' | 'isDeleted'>;

/** Every question of the survey (the editor's tree is built from them). */
export async function selectSurveyQuestions(db: Executor, surveyId: number): Promise<QuestionRow[]> {
  return db.select().from(questions).where(eq(questions.surveyId, surveyId)).orderBy(asc(questions.id));
}

export async function findQuestion(db: Executor, id: number): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
  return row;
}

/** The survey of each of these questions that exists. */
export async function selectQuestionSurveyIds(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: questions.id, surveyId: questions.surveyId })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(rows.map((row) => [row.id, row.surveyId]));
}

/** Ids in the order of the values (a multi-row INSERT … RETURNING answers in that order). */
export async function insertQuestions(db: Executor, values: QuestionValues[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(questions).values(values).returning({ id: questions.id });
  return rows.map((row) => row.id);
}

export async function updateQuestion(db: Executor, id: number, values: QuestionValues) {
  await db.update(questions).set(values).where(eq(questions.id, id));
}

/**
 * Moves the questions out of the way of the new numbers of a save (numbers are unique in a survey
 * and checked at once): `#<id>` until the save gives each its own.
 */
export async function parkQuestionNumbers(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(questions)
    .set({ questionNr: sql`'#' || ${questions.id}` })
    .where(inArray(questions.id, ids));
}

export async function setQuestionOrders(db: Executor, orders: { id: number; questionOrder: number }[]) {
  if (orders.length === 0) return;
  const rows = sql.join(
    orders.map(({ id, questionOrder }) => sql`(${id}::integer, ${questionOrder}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${questions} set question_order = changed.question_order
    from (values ${rows}) as changed(id, question_order)
    where ${questions.id} = changed.id`);
}

/** Which question each of these borrows its options from. */
export async function setOptionSources(
  db: Executor,
  sources: { id: number; optionsSourceQuestionId: number | null }[],
) {
  if (sources.length === 0) return;
  const rows = sql.join(
    sources.map(({ id, optionsSourceQuestionId }) => sql`(${id}::integer, ${optionsSourceQuestionId}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${questions} set options_source_question_id = changed.source
    from (values ${rows}) as changed(id, source)
    where ${questions.id} = changed.id`);
}

/** Their options go with them (the foreign keys cascade). */
export async function deleteQuestionsById(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(questions).where(inArray(questions.id, ids));
}

/** The options of the survey's questions that are not deleted, in option order. */
export async function selectLiveSurveyOptions(db: Executor, surveyId: number): Promise<OptionRow[]> {
  return db
    .select({ option: questionOptions })
    .from(questionOptions)
    .innerJoin(questions, eq(questions.id, questionOptions.questionId))
    .where(and(eq(questions.surveyId, surveyId), eq(questionOptions.isDeleted, false)))
    .orderBy(asc(questionOptions.questionId), asc(questionOptions.optionOrder), asc(questionOptions.id))
    .then((rows) => rows.map((row) => row.option));
}

/** Of these ids, the question's options that are not deleted. */
export async function selectLiveOptions(db: Executor, questionId: number, ids: number[]): Promise<OptionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(questionOptions)
    .where(
      and(
        eq(questionOptions.questionId, questionId),
        inArray(questionOptions.id, ids),
        eq(questionOptions.isDeleted, false),
      ),
    );
}

export async function countLiveOptions(db: Executor, questionId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(questionOptions)
    .where(and(eq(questionOptions.questionId, questionId), eq(questionOptions.isDeleted, false)));
  return row?.count ?? 0;
}

/** The highest option order the question has used, deleted options included; 0 for none. */
export async function lastOptionOrder(db: Executor, questionId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(questionOptions.optionOrder) })
    .from(questionOptions)
    .where(eq(questionOptions.questionId, questionId));
  return row?.last ?? 0;
}

/** Rows per INSERT: well inside PostgreSQL's 65,535 parameters per statement. */
const OPTION_INSERT_CHUNK = 1000;

/** Rows in the order of the values. */
export async function insertOptions(db: Executor, values: OptionValues[]): Promise<OptionRow[]> {
  const rows: OptionRow[] = [];
  for (let start = 0; start < values.length; start += OPTION_INSERT_CHUNK) {
    rows.push(
      ...(await db
        .insert(questionOptions)
        .values(values.slice(start, start + OPTION_INSERT_CHUNK))
        .returning()),
    );
  }
  return rows;
}

export async function updateOption(db: Executor, id: number, values: Partial<OptionValues>) {
  const [row] = await db.update(questionOptions).set(values).where(eq(questionOptions.id, id)).returning();
  return row!;
}

export async function deleteOptionById(db: Executor, id: number) {
  await db.delete(questionOptions).where(eq(questionOptions.id, id));
}

/** Kept for the answers that chose it, hidden from the editor and from new answers. */
export async function markOptionDeleted(db: Executor, id: number) {
  await db.update(questionOptions).set({ isDeleted: true }).where(eq(questionOptions.id, id));
}
