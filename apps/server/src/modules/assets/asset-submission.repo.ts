import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets } from '../../db/schema/index';
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
