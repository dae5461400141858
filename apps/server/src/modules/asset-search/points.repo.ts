import { type AssetPoints, RiskLevel } from '@trashegimia/contract/assets';
import { type AnyColumn, type SQL, and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, datasets } from '../../db/schema/index';
import { type AssetCriteria, assetWhere } from './criteria';

/**
 * Real coordinates only: the range test leaves out NULL, NaN and ±Infinity (a double column holds
 * them all), which is what "non-numeric coordinates are skipped" means in the database. A box
 * asked for lies on earth already and narrows further.
 */
const onEarth = (criteria: AssetCriteria): AssetCriteria => ({
  ...criteria,
  latMin: criteria.latMin ?? -90,
  latMax: criteria.latMax ?? 90,
  lngMin: criteria.lngMin ?? -180,
  lngMax: criteria.lngMax ?? 180,
});

/** The asset's risk level as the map shows it and narrows by it: an unknown stored one reads as low, as everywhere else (riskLevelOf). */
export const shownRiskLevel = sql<RiskLevel>`case when ${assets.riskLevel} in ${RiskLevel.options} then ${assets.riskLevel} else 'low' end`;

const pointsWhere = (criteria: AssetCriteria, riskLevel: RiskLevel | undefined) =>
  and(assetWhere(onEarth(criteria)), riskLevel ? eq(shownRiskLevel, riskLevel) : undefined);

/**
 * Up to `limit` points, newest first, as the JSON text of `AssetPoints['points']` (one array per
 * field, in the same order), with how many matched up to one more than `limit` (which tells whether
 * more match). The database writes the whole JSON: the server hands the text on, where parsing
 * thousands of points, turning them into columns and writing them out again took a seventh of its
 * time under mixed load. The columns are aggregated in one pass over the ordered subquery, so they
 * stay aligned. For the public (a dataset's approved assets) PostgreSQL reads them with
 * assets_dataset_status_date_id_idx when the limit is a small part of the dataset, else scans and
 * sorts.
 */
export async function selectAssetPointsJson(
  db: Executor,
  criteria: AssetCriteria,
  riskLevel: RiskLevel | undefined,
  limit: number,
): Promise<{ json: string; matched: number }> {
  const newest = db
    .select({
      n: sql<number>`row_number() over (order by ${assets.date} desc, ${assets.id} desc)`.as('n'),
      id: assets.id,
      lat: assets.latitude,
      lng: assets.longitude,
      name: assets.name,
      municipality: assets.municipality,
      village: assets.village,
      date: sql<string>`to_char(${assets.date} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('date'),
      risk: assets.risk,
      riskLevel: shownRiskLevel.as('risk_level'),
    })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(pointsWhere(criteria, riskLevel))
    .orderBy(desc(assets.date), desc(assets.id))
    .limit(limit + 1)
    .as('newest');
  const column = (field: SQL.Aliased | AnyColumn) =>
    sql`coalesce(json_agg(${field}) filter (where ${newest.n} <= ${limit}), '[]')`;
  const [row] = await db
    .select({
      json: sql<string>`json_build_object(
        'id', ${column(newest.id)}, 'lat', ${column(newest.lat)}, 'lng', ${column(newest.lng)},
        'name', ${column(newest.name)}, 'municipality', ${column(newest.municipality)},
        'village', ${column(newest.village)}, 'date', ${column(newest.date)}, 'risk', ${column(newest.risk)},
        'riskLevel', ${column(newest.riskLevel)})::text`,
      matched: count(),
    })
    .from(newest);
  return { json: row!.json, matched: row!.matched };
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

/** The answer of GET /surveys/assets/points around the points' columns, written in parts (JSON in UTF-8). */
export function pointsAnswer(
  datasetId: number,
  points: Buffer[],
  totalItems: number,
  truncated: boolean,
  notPublic?: number,
): Buffer {
  const meta: AssetPoints['meta'] = { totalItems, truncated, notPublic };
  return Buffer.concat([
    Buffer.from(`{"datasetId":${datasetId},"points":`),
    ...points,
    Buffer.from(`,"meta":${JSON.stringify(meta)}}`),
  ]);
}
