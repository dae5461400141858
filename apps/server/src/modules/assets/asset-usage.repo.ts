import { and, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { answers, assets, questionOptions, questions } from '../../db/schema/index';

/** Whether any asset was collected with the survey. */
export async function surveyHasAssets(db: Executor, surveyId: number): Promise<boolean> {
  const rows = await db.select({ id: assets.id }).from(assets).where(eq(assets.surveyId, surveyId)).limit(1);
  return rows.length > 0;
}

/** Whether any asset was sent from the device. */
export async function deviceHasAssets(db: Executor, deviceId: number): Promise<boolean> {
  const rows = await db.select({ id: assets.id }).from(assets).where(eq(assets.deviceId, deviceId)).limit(1);
  return rows.length > 0;
}

/** Which of these questions have stored answers. */
export async function answeredQuestionIds(db: Executor, questionIds: number[]): Promise<number[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ questionId: answers.questionId })
    .from(answers)
    .where(inArray(answers.questionId, questionIds));
  return rows.map((row) => row.questionId);
}

/**
 * Which of these options stored answers use: by option id, or, for an answer stored without one,
 * by value on a question that owns or borrows the option (as assets.option_ids counts them).
 */
export async function optionIdsInUse(db: Executor, optionIds: number[]): Promise<number[]> {
  if (optionIds.length === 0) return [];
  const chosenById = db
    .select({ one: sql`1` })
    .from(answers)
    .where(eq(answers.optionId, questionOptions.id));
  const questionsOfTheOption = db
    .select({ id: questions.id })
    .from(questions)
    .where(
      or(
        eq(questions.id, questionOptions.questionId),
        eq(questions.optionsSourceQuestionId, questionOptions.questionId),
      ),
    );
  const chosenByValue = db
    .select({ one: sql`1` })
    .from(answers)
    .where(
      and(
        isNull(answers.optionId),
        eq(answers.value, questionOptions.value),
        inArray(answers.questionId, questionsOfTheOption),
      ),
    );
  const rows = await db
    .select({ id: questionOptions.id })
    .from(questionOptions)
    .where(and(inArray(questionOptions.id, optionIds), or(exists(chosenById), exists(chosenByValue))));
  return rows.map((row) => row.id);
}
