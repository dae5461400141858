import { randomBytes, randomUUID } from 'node:crypto';
import { ROLE, type Role } from '@trashegimia/contract/common';
import type { Executor } from '../db/client';
import { answers, assets, datasets, media, questionOptions, questions, surveys, users } from '../db/schema/index';
import { hashPassword } from '../modules/auth/passwords';

/** A user account; the plain password comes back with it so the test can log in. */
export async function createUser(
  db: Executor,
  overrides: Partial<{ userName: string; password: string; role: Role }> = {},
) {
  const password = overrides.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const [user] = await db
    .insert(users)
    .values({
      userName: overrides.userName ?? `user-${randomBytes(4).toString('hex')}`,
      passwordHash: await hashPassword(password),
      role: overrides.role ?? ROLE.USER,
    })
    .returning();
  return { ...user!, password };
}

let sequence = 0;
/** Unique within a test run, so factories never collide on unique columns. */
const next = () => ++sequence;

type Insert<Table extends { $inferInsert: unknown }> = Table['$inferInsert'];

/** An active dataset. */
export async function createDataset(db: Executor, overrides: Partial<Insert<typeof datasets>> = {}) {
  const n = next();
  const [dataset] = await db
    .insert(datasets)
    .values({
      name: `Dataset ${n}`,
      descriptionXk: `Përshkrimi ${n}`,
      descriptionEn: `Description ${n}`,
      descriptionSr: `Opis ${n}`,
      ...overrides,
    })
    .returning();
  return dataset!;
}

/** An active survey. */
export async function createSurvey(db: Executor, overrides: Partial<Insert<typeof surveys>> = {}) {
  const [survey] = await db
    .insert(surveys)
    .values({ descriptionXk: `Anketa ${next()}`, ...overrides })
    .returning();
  return survey!;
}

/** A PARENT question of the survey, single choice unless told otherwise; numbered 1, 2, 3… by default. */
export async function createQuestion(
  db: Executor,
  surveyId: number,
  overrides: Partial<Omit<Insert<typeof questions>, 'surveyId'>> = {},
) {
  const n = next();
  const [question] = await db
    .insert(questions)
    .values({
      surveyId,
      questionNr: String(n),
      questionOrder: n,
      questionCategory: 'PARENT',
      questionType: 'SINGLE_CHOICE',
      titleXk: `Pyetja ${n}`,
      titleEn: `Question ${n}`,
      titleSr: `Pitanje ${n}`,
      ...overrides,
    })
    .returning();
  return question!;
}

/** An option of the question; its value doubles as the Albanian description unless told otherwise. */
export async function createOption(
  db: Executor,
  questionId: number,
  overrides: Partial<Omit<Insert<typeof questionOptions>, 'questionId'>> = {},
) {
  const value = overrides.value ?? `option-${next()}`;
  const [option] = await db
    .insert(questionOptions)
    .values({ questionId, value, descriptionXk: value, descriptionEn: `${value} (en)`, ...overrides })
    .returning();
  return option!;
}

export type AnswerInput = {
  questionId: number;
  optionId?: number | null;
  value?: string | null;
  value2?: string | null;
};

/** An asset with its answers; published (APPROVED) unless told otherwise. */
export async function createAsset(
  db: Executor,
  fields: { surveyId: number; datasetId: number; answers?: AnswerInput[] } & Partial<Insert<typeof assets>>,
) {
  const { answers: answerInputs = [], ...overrides } = fields;
  const [asset] = await db
    .insert(assets)
    .values({ uniqueId: randomUUID(), status: 'APPROVED', ...overrides })
    .returning();
  if (answerInputs.length > 0) {
    await db.insert(answers).values(
      answerInputs.map((answer) => ({
        assetId: asset!.id,
        questionId: answer.questionId,
        optionId: answer.optionId ?? null,
        value: answer.value ?? null,
        value2: answer.value2 ?? null,
      })),
    );
  }
  return asset!;
}

/** A media reference of the asset (the file itself is the test's business). */
export async function createMedia(
  db: Executor,
  assetId: string,
  overrides: Partial<Omit<Insert<typeof media>, 'assetId'>> = {},
) {
  const [row] = await db
    .insert(media)
    .values({ assetId, path: `test/${next()}.png`, type: 'PHOTO', contentType: 'image/png', ...overrides })
    .returning();
  return row!;
}
