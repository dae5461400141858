import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, datasets } from '../../db/schema/index';
import { type AssetCriteria, assetWhere } from '../asset-search';

/** Which count a row of {@link selectAssetCounts} is: one per grouping set. */
export type CountDimension = 'municipality' | 'riskLevel' | 'type' | 'total';

export type AssetCountRow = { dimension: CountDimension; value: string | null; count: number };

// Written without parameters, so the database sees the same expression in SELECT and GROUP BY.
const municipality = sql<string | null>`nullif(btrim(${assets.municipality}), '')`;
const assetType = sql<string | null>`nullif(btrim(${assets.assetType}), '')`;

/**
 * The matching assets counted per municipality, per risk level, per type and in total, in one
 * statement: the grouping sets share a single pass over the assets the criteria select, so the
 * filters run once however many counts there are. A blank value counts as none (null).
 */
export async function selectAssetCounts(db: Executor, criteria: AssetCriteria): Promise<AssetCountRow[]> {
  const rows = await db
    .select({
      // GROUPING() sets a bit for each argument left out of the row's grouping set.
      grouping: sql<number>`grouping(${municipality}, ${assets.riskLevel}, ${assetType})`.mapWith(Number),
      municipality,
      riskLevel: assets.riskLevel,
      assetType,
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(assetWhere(criteria))
    .groupBy(sql`grouping sets ((${municipality}), (${assets.riskLevel}), (${assetType}), ())`);
  return rows.map((row): AssetCountRow => {
    switch (row.grouping) {
      case 0b011:
        return { dimension: 'municipality', value: row.municipality, count: row.count };
      case 0b101:
        return { dimension: 'riskLevel', value: row.riskLevel, count: row.count };
      case 0b110:
        return { dimension: 'type', value: row.assetType, count: row.count };
      default:
        return { dimension: 'total', value: null, count: row.count };
    }
  });
}
