import type { AssetList, AssetPoints, AssetRangeQuery, RiskLevel } from '@trashegimia/contract/assets';
import type { z } from 'zod';
import { MAP_ASSET_LIMIT } from '@/shared/config/data-constants';
import { type AssetRange, rangeQuery } from '@/shared/filters/asset-range';
import { hasCoordinates } from '@/shared/map/asset-color';

/** The risk select: every level, or one. */
export type RiskChoice = 'all' | RiskLevel;
export const RISK_CHOICES: RiskChoice[] = ['all', 'high', 'medium', 'low'];

/** One asset as the map uses it. */
export type AssetPoint = {
  id: string;
  datasetId: number;
  lat: number;
  lng: number;
  name: string | null;
  municipality: string | null;
  village: string | null;
  date: string;
  /** As recorded; null when no risk was (the point then takes the dataset's colour). */
  risk: string | null;
  riskLevel: RiskLevel;
};

/** What the map asks of one dataset; no range is the whole of it. */
export type MapPointsQuery = {
  datasetId: number;
  search: string;
  riskLevel: RiskLevel | undefined;
  range?: AssetRange;
};

type RangeQuery = z.output<typeof AssetRangeQuery>;

/** One dataset's points, and whether they are all of those that match. */
export type DatasetPoints = {
  points: AssetPoint[];
  /**
   * `complete`: every match. `truncated`: the newest of `totalItems` (the compact call's cap).
   * `fallback`: the first page of the list only, so how many more there are is unknown.
   */
  coverage: { kind: 'complete' } | { kind: 'truncated'; totalItems: number } | { kind: 'fallback' };
  /** For administrators: how many of the matches the public does not see; unknown from the fallback. */
  notPublic?: number;
};

/** Where the points come from: the compact call, and the list page of the last resort. */
export type MapPointSources = {
  points: (query: { datasetId: number; search?: string; riskLevel?: RiskLevel } & RangeQuery) => Promise<AssetPoints>;
  listPage: (
    query: { datasetId: number; search?: string; page: number; limit: number } & RangeQuery,
  ) => Promise<AssetList>;
};

/** The compact answer's columns, one object per asset. */
export const pointsOf = ({ datasetId, points }: AssetPoints): AssetPoint[] =>
  points.id.map((id, i) => ({
    id,
    datasetId,
    lat: points.lat[i]!,
    lng: points.lng[i]!,
    name: points.name[i] ?? null,
    municipality: points.municipality[i] ?? null,
    village: points.village[i] ?? null,
    date: points.date[i]!,
    risk: points.risk[i] ?? null,
    riskLevel: points.riskLevel[i] ?? 'low',
  }));

/** An asset of the list in the compact shape; its coordinates are known to be numbers. */
const toPoint = (asset: AssetList['items'][number] & { locationAlt: number; locationLong: number }): AssetPoint => ({
  id: asset.id,
  datasetId: asset.datasetId,
  lat: asset.locationAlt,
  lng: asset.locationLong,
  name: asset.name,
  municipality: asset.municipality,
  village: asset.village,
  date: asset.date,
  risk: asset.risk,
  riskLevel: asset.riskLevel,
});

/**
 * A dataset's points, following the spec's map data strategy (§4) as it applies to this page.
 *
 * The spec's steps were made for the paged list: with filters and a token, ask 1 item to learn
 * meta.totalItems, then that many; failing that, the same unfiltered; failing that, page 1 with
 * limit 1000. The compact endpoint answers every point (up to its cap) with meta.totalItems in one
 * call, so "ask 1, then all" is that one call. This panel has no question filters — its search and
 * risk level are plain parameters, open to guests — so the filtered branch (token and non-empty
 * filter list, spec §5) never applies. The last resort stays: when the compact call fails, page 1
 * of the list with limit 1000, its risk level and coordinates checked here (spec §5: assets
 * without numeric coordinates are skipped).
 */
export async function loadDatasetPoints(
  { datasetId, search, riskLevel, range }: MapPointsQuery,
  sources: MapPointSources,
  signal?: AbortSignal,
): Promise<DatasetPoints> {
  const text = search.trim() || undefined;
  const within = range ? rangeQuery(range) : {};
  try {
    const answer = await sources.points({ datasetId, search: text, riskLevel, ...within });
    return {
      points: pointsOf(answer),
      coverage: answer.meta.truncated
        ? { kind: 'truncated', totalItems: answer.meta.totalItems }
        : { kind: 'complete' },
      notPublic: answer.meta.notPublic,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    const page = await sources.listPage({ datasetId, search: text, page: 1, limit: MAP_ASSET_LIMIT, ...within });
    const points = page.items
      .filter(hasCoordinates)
      .filter((asset) => riskLevel === undefined || asset.riskLevel === riskLevel)
      .map(toPoint);
    return {
      points,
      coverage: page.meta.totalItems > page.items.length ? { kind: 'fallback' } : { kind: 'complete' },
    };
  }
}
