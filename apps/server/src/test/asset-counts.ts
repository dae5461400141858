import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { assetCounts, assets } from '../db/schema/index';

/**
 * The asset counts as readers see them (the asset_counts view) beside a fresh count(*) of the
 * assets, both per dataset, survey and status, without zero rows and in the same order: equal
 * whenever the counts are right.
 */
export async function countsReadAndCounted(db: Executor) {
  const read = await db
    .select({
      datasetId: assetCounts.datasetId,
      surveyId: assetCounts.surveyId,
      status: assetCounts.status,
      n: assetCounts.count,
    })
    .from(assetCounts)
    .where(sql`${assetCounts.count} <> 0`)
    .orderBy(assetCounts.datasetId, assetCounts.surveyId, assetCounts.status);
  const counted = await db
    .select({
      datasetId: assets.datasetId,
      surveyId: assets.surveyId,
      status: assets.status,
      n: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(assets)
    .groupBy(assets.datasetId, assets.surveyId, assets.status)
    .orderBy(assets.datasetId, assets.surveyId, assets.status);
  return { read, counted };
}
