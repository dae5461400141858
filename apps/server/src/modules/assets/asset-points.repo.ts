import type { RiskLevel } from '@trashegimia/contract/assets';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, datasets } from '../../db/schema/index';
import { type AssetCriteria, assetWhere } from './assets.repo';

export type AssetPointRow = {
  id: string;
  latitude: number;
  longitude: number;
  name: string | null;
  municipality: string | null;
  village: string | null;
  date: Date;
  risk: string | null;
  riskLevel: string;
};

/**
 * Real coordinates only: the range test leaves out NULL, NaN and ±Infinity (a double column holds
 * them all), which is what "non-numeric coordinates are skipped" means in the database.
 */
const ON_EARTH: Pick<AssetCriteria, 'latMin' | 'latMax' | 'lngMin' | 'lngMax'> = {
  latMin: -90,
  latMax: 90,
  lngMin: -180,
  lngMax: 180,
};

const pointsWhere = (criteria: AssetCriteria, riskLevel: RiskLevel | undefined) =>
  and(assetWhere({ ...criteria, ...ON_EARTH }), riskLevel ? eq(assets.riskLevel, riskLevel) : undefined);

/**
 * Up to `limit` points, newest first. For the public (a dataset's approved assets) PostgreSQL reads
 * them with assets_dataset_status_date_id_idx when the limit is a small part of the dataset, else
 * scans and sorts; either way the rows carry only what the map draws.
 */
export async function selectAssetPoints(
  db: Executor,
  criteria: AssetCriteria,
  riskLevel: RiskLevel | undefined,
  limit: number,
): Promise<AssetPointRow[]> {
  const rows = await db
    .select({
      id: assets.id,
      latitude: assets.latitude,
      longitude: assets.longitude,
      name: assets.name,
      municipality: assets.municipality,
      village: assets.village,
      date: assets.date,
      risk: assets.risk,
      riskLevel: assets.riskLevel,
    })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(pointsWhere(criteria, riskLevel))
    .orderBy(desc(assets.date), desc(assets.id))
    .limit(limit);
  // The WHERE has excluded missing coordinates; the column types cannot know that.
  return rows as AssetPointRow[];
}

export async function countAssetPoints(
  db: Executor,
  criteria: AssetCriteria,
  riskLevel: RiskLevel | undefined,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(pointsWhere(criteria, riskLevel));
  return row?.count ?? 0;
}
