import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { answers, assets } from '../../db/schema/index';
import type { AssetEdit } from './asset-review.repo';

const submissionColumns = {
  id: assets.id,
  uniqueId: assets.uniqueId,
  surveyId: assets.surveyId,
  datasetId: assets.datasetId,
  status: assets.status,
  date: assets.date,
  userId: assets.userId,
};

export type SubmissionRow = { [Column in keyof typeof submissionColumns]: (typeof assets.$inferSelect)[Column] };

export async function findSubmissionById(db: Executor, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select(submissionColumns).from(assets).where(eq(assets.id, id)).limit(1);
  return row;
}

export async function findSubmissionByUniqueId(db: Executor, uniqueId: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select(submissionColumns).from(assets).where(eq(assets.uniqueId, uniqueId)).limit(1);
  return row;
}

export type NewSubmissionRow = AssetEdit & {
  surveyId: number;
  datasetId: number;
  uniqueId: string;
  date: Date;
  latitude: number | null;
  longitude: number | null;
  userId: number;
  deviceId: number | null;
};

/**
 * The new asset, or undefined when another submission with the same uniqueId got there first (the
 * unique key decides, so two resends racing each other still make one asset).
 */
export async function insertSubmission(db: Executor, values: NewSubmissionRow): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .insert(assets)
    .values({ ...values, status: 'UPLOADED' })
    .onConflictDoNothing({ target: assets.uniqueId })
    .returning(submissionColumns);
  return row;
}

/** PostgreSQL takes at most 65,535 parameters per statement; these sizes stay well below with every column. */
const ASSET_ROWS_PER_STATEMENT = 1000;
const ANSWER_ROWS_PER_STATEMENT = 5000;

/** New UPLOADED assets, in order; answers their ids in the same order. */
export async function insertAssets(db: Executor, values: NewSubmissionRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < values.length; start += ASSET_ROWS_PER_STATEMENT) {
    const chunk = values.slice(start, start + ASSET_ROWS_PER_STATEMENT).map((row) => ({ ...row, status: 'UPLOADED' }));
    const inserted = await db.insert(assets).values(chunk).returning({ id: assets.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export async function insertAnswers(db: Executor, rows: (typeof answers.$inferInsert)[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ANSWER_ROWS_PER_STATEMENT) {
    await db.insert(answers).values(rows.slice(start, start + ANSWER_ROWS_PER_STATEMENT));
  }
}
