import { and, eq, sql } from 'drizzle-orm';
import { batchedRead } from '../../db/batched-read';
import type { Executor } from '../../db/client';
import { invalidatedBy } from '../../db/notifications';
import { runPrepared } from '../../db/prepared';
import { type CacheDependency, type CacheOptions, cachedRead } from '../../db/cache';
import { assets, datasets, media, recentAssetViews } from '../../db/schema/index';
import { publicVisibility } from './criteria';

/**
 * An asset as lists show it: its own columns, its dataset's names, its views, its media types and
 * first photo. Read by id, in batches, and cached per asset.
 */

const assetColumns = {
  id: assets.id,
  surveyId: assets.surveyId,
  datasetId: assets.datasetId,
  // The dataset's three names: `name` is the Albanian one.
  datasetNameXk: datasets.name,
  datasetNameEn: datasets.nameEn,
  datasetNameSr: datasets.nameSr,
  uniqueId: assets.uniqueId,
  name: assets.name,
  municipality: assets.municipality,
  village: assets.village,
  assetType: assets.assetType,
  usability: assets.usability,
  access: assets.access,
  risk: assets.risk,
  riskLevel: assets.riskLevel,
  date: assets.date,
  latitude: assets.latitude,
  longitude: assets.longitude,
  status: assets.status,
  comments: assets.comments,
  adminNote: assets.adminNote,
  userId: assets.userId,
  deviceId: assets.deviceId,
  // The views moved into the asset (its order by views) and those written since.
  viewCount: sql<number>`${assets.viewCount} + coalesce((select ${recentAssetViews.views} from ${recentAssetViews} where ${recentAssetViews.assetId} = ${assets.id}), 0)`,
  version: assets.version,
};

export type AssetRow = {
  id: string;
  surveyId: number;
  datasetId: number;
  datasetNameXk: string;
  datasetNameEn: string | null;
  datasetNameSr: string | null;
  uniqueId: string;
  name: string | null;
  municipality: string | null;
  village: string | null;
  assetType: string | null;
  usability: string | null;
  access: string | null;
  risk: string | null;
  riskLevel: string;
  date: Date;
  latitude: number | null;
  longitude: number | null;
  status: string;
  comments: string | null;
  adminNote: string | null;
  userId: number | null;
  deviceId: number | null;
  viewCount: number;
  version: number;
};

/** What lists and the detail show besides the asset's own columns: its media types and first photo. */
const mediaColumns = {
  mediaTypes: sql<string[]>`array(select distinct ${media.type} from ${media} where ${media.assetId} = ${assets.id})`,
  photoPath: sql<
    string | null
  >`(select ${media.path} from ${media} where ${media.assetId} = ${assets.id} and ${media.type} = 'PHOTO' order by ${media.id} limit 1)`,
};

export type ListedAssetRow = AssetRow & { mediaTypes: string[]; photoPath: string | null };

/** Every column of a listed asset. */
export const listedAssetColumns = { ...assetColumns, ...mediaColumns };

/**
 * What a read of one asset depends on: the asset (a change to its answers or media invalidates it too) and its
 * dataset (its name, whether it is active); every dataset until the read has told which one.
 */
export const oneAssetReads = (id: string, datasetId?: number): CacheDependency[] => [
  invalidatedBy.asset(id),
  datasetId === undefined ? datasets : invalidatedBy.shownDataset(datasetId),
];

/**
 * How a read of one asset is kept: once read, through changes of other datasets than its own (an
 * asset not found is still invalidated by every dataset, one of which may show it when activated).
 */
export const oneAssetReadOptions = <Value>(
  id: string,
  options: CacheOptions,
  datasetOf: (value: Value) => number | undefined,
): CacheOptions<Value> => ({
  ...options,
  narrowTo: (value) => {
    const datasetId = datasetOf(value);
    return datasetId === undefined ? undefined : oneAssetReads(id, datasetId);
  },
});

/** One asset as a page lists it, about 1.4 kB: 5,000 are at most 7 MB. */
const LISTED_ASSET_CACHE = { maxEntries: 5_000, refreshAfterMs: 10_000 } satisfies CacheOptions;

/**
 * These assets, in this order, as a page lists them; any the viewer may no longer see is left out.
 * Each row is cached (LISTED_ASSET_CACHE) until the database notifies a change to its asset
 * (answers and media included) or to datasets: the filtered pages of a dataset share most of their
 * rows (the newest that match), so a page asked for the first time is mostly answered from memory.
 * The rows not kept are read together, with those other pages ask for at the same moment.
 */
export async function selectListedAssets(db: Executor, ids: string[], publicOnly: boolean): Promise<ListedAssetRow[]> {
  const readRow = listedAssetReader(db, publicOnly);
  const rows = await Promise.all(
    ids.map((id) =>
      cachedRead(
        db,
        'listed_asset',
        `${id}:${publicOnly}`,
        oneAssetReads(id),
        () => readRow(id),
        oneAssetReadOptions(id, LISTED_ASSET_CACHE, (row) => row?.datasetId),
      ),
    ),
  );
  return rows.filter((row) => row !== undefined);
}

/**
 * Reads of one asset at a time, gathered per database (batchedRead) into one statement for the
 * public's and one for administrators': under load, many visitors' reads share a round trip.
 */
export function assetReaders<Value>(
  readMany: (db: Executor, ids: string[], publicOnly: boolean) => Promise<Map<string, Value>>,
) {
  type Reader = (id: string) => Promise<Value | undefined>;
  const byDatabase = new WeakMap<Executor, { public: Reader; all: Reader }>();
  return (db: Executor, publicOnly: boolean): Reader => {
    let readers = byDatabase.get(db);
    if (!readers) {
      readers = {
        public: batchedRead((ids) => readMany(db, ids, true)),
        all: batchedRead((ids) => readMany(db, ids, false)),
      };
      byDatabase.set(db, readers);
    }
    return publicOnly ? readers.public : readers.all;
  };
}

const listedAssetReader = assetReaders(readListedAssets);

async function readListedAssets(db: Executor, ids: string[], publicOnly: boolean) {
  const rows = await runPrepared(
    db,
    'listed_assets',
    String(publicOnly),
    () =>
      db
        .select(listedAssetColumns)
        .from(assets)
        .innerJoin(datasets, eq(datasets.id, assets.datasetId))
        .where(assetsWithIds(publicOnly)),
    { ids },
  );
  return new Map<string, ListedAssetRow>(rows.map((row) => [row.id, row]));
}

/** The asset with its media, whatever reads it (media list, existence checks). */
export async function findListedAsset(
  db: Executor,
  id: string,
  publicOnly: boolean,
): Promise<ListedAssetRow | undefined> {
  const [row] = await selectListedAssets(db, [id], publicOnly);
  return row;
}

/** The assets of the placeholder `ids` that the viewer may see; needs `datasets` joined. */
export const assetsWithIds = (publicOnly: boolean) =>
  and(sql`${assets.id} = any(${sql.placeholder('ids')}::uuid[])`, publicOnly ? publicVisibility() : undefined);
