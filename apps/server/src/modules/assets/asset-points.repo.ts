import type { RiskLevel } from '@trashegimia/contract/assets';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, datasets } from '../../db/schema/index';
import { type AssetCriteria, assetWhere } from './assets.repo';

/** The points as columns, one array per field, in the same order (newest first). */
export type AssetPointColumns = {
  id: string[];
  lat: number[];
  lng: number[];
  name: (string | null)[];
  municipality: (string | null)[];
  village: (string | null)[];
  /** ISO 8601 in UTC. */
  date: string[];
  risk: (string | null)[];
  riskLevel: string[];
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

/** One point as the database writes it: id, latitude, longitude, name, municipality, village, date, risk, risk level. */
type PointTuple = [string, number, number, string | null, string | null, string | null, string, string | null, string];

/**
 * Up to `limit` points, newest first, as columns. The database writes them as one JSON value: ten
 * thousand points are one value to parse instead of ten thousand rows to convert field by field,
 * which cost ten times the query itself. For the public (a dataset's approved assets) PostgreSQL
 * reads them with assets_dataset_status_date_id_idx when the limit is a small part of the dataset,
 * else scans and sorts.
 */
export async function selectAssetPoints(
  db: Executor,
  criteria: AssetCriteria,
  riskLevel: RiskLevel | undefined,
  limit: number,
): Promise<AssetPointColumns> {
  const newest = db
    .select({
      point:
        sql`json_build_array(${assets.id}, ${assets.latitude}, ${assets.longitude}, ${assets.name}, ${assets.municipality}, ${assets.village}, to_char(${assets.date} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${assets.risk}, ${assets.riskLevel})`.as(
          'point',
        ),
      date: assets.date,
      id: assets.id,
    })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(pointsWhere(criteria, riskLevel))
    .orderBy(desc(assets.date), desc(assets.id))
    .limit(limit)
    .as('newest');
  const [row] = await db
    .select({
      points: sql<
        PointTuple[] | string | null
      >`json_agg(${newest.point} order by ${newest.date} desc, ${newest.id} desc)`,
    })
    .from(newest);
  // node-postgres and PGlite parse json; a driver that does not hands over the text. No rows: null.
  const points = typeof row?.points === 'string' ? (JSON.parse(row.points) as PointTuple[]) : (row?.points ?? []);
  const columns: AssetPointColumns = {
    id: [],
    lat: [],
    lng: [],
    name: [],
    municipality: [],
    village: [],
    date: [],
    risk: [],
    riskLevel: [],
  };
  for (const [id, lat, lng, name, municipality, village, date, risk, level] of points) {
    columns.id.push(id);
    columns.lat.push(lat);
    columns.lng.push(lng);
    columns.name.push(name);
    columns.municipality.push(municipality);
    columns.village.push(village);
    columns.date.push(date);
    columns.risk.push(risk);
    columns.riskLevel.push(level);
  }
  return columns;
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
