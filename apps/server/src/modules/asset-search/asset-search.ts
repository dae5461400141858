import { MAX_MAP_POINTS, type RiskLevel } from '@trashegimia/contract/assets';
import type { Database } from '../../db/client';
import { invalidatedBy } from '../../db/notifications';
import { type CacheDependency, type CacheOptions, cachedRead } from '../../db/cache';
import { type AssetCriteria, type AssetRange, type AssetSort, narrowsByRange } from './criteria';
import type { ListedAssetRow } from './listed-assets.repo';
import { OptionIndexes } from './option-indexes';
import { selectListedAssets } from './listed-assets.repo';
import { SqlAssetSearch } from './sql-search';

export type PageWindow = { limit: number; offset: number };

/** A page of assets as lists show them, and how many match in all. */
export type AssetPage = { rows: ListedAssetRow[]; total: number };

/** A dataset's map: its assets with real coordinates, newest first, at most `limit`, within the range's bounds. */
export type PointsQuery = AssetRange & {
  publicOnly: boolean;
  datasetId: number;
  riskLevel?: RiskLevel;
  /** Any of name, municipality, village contains it. */
  search?: string;
  limit: number;
};

/**
 * Every list, filter, search and map of assets is answered through this interface. SqlAssetSearch
 * is the reference; IndexedAssetSearch answers the public's pages and maps from memory where it
 * can and asks the reference for the rest; CachedAssetSearch keeps what many visitors ask for.
 */
export interface AssetSearch {
  /** The assets matching `criteria` in `sort`'s order, the window's slice of them, and their total. */
  page(criteria: AssetCriteria, sort: AssetSort, window: PageWindow): Promise<AssetPage>;
  count(criteria: AssetCriteria): Promise<number>;
  /** The map's answer of GET /surveys/assets/points as JSON in UTF-8, written once and sent as it is. */
  points(query: PointsQuery): Promise<Buffer>;
}

/** Answers from the option indexes where they can (the public's pages and maps of one dataset), else from `reference`. */
export class IndexedAssetSearch implements AssetSearch {
  constructor(
    private readonly db: Database,
    private readonly indexes: OptionIndexes,
    private readonly reference: AssetSearch,
  ) {}

  async page(criteria: AssetCriteria, sort: AssetSort, window: PageWindow): Promise<AssetPage> {
    const found = await this.indexes.page(criteria, sort, window);
    if (!found) return this.reference.page(criteria, sort, window);
    return { rows: await selectListedAssets(this.db, found.ids, criteria.publicOnly), total: found.total };
  }

  async count(criteria: AssetCriteria): Promise<number> {
    const found = await this.indexes.page(criteria, NEWEST, { limit: 0, offset: 0 });
    return found ? found.total : this.reference.count(criteria);
  }

  async points(query: PointsQuery): Promise<Buffer> {
    // The index holds no dates or places to narrow by: a map within bounds is the database's.
    const indexed = query.publicOnly && !narrowsByRange(query);
    return (indexed && (await this.indexes.points(query))) || this.reference.points(query);
  }
}

const NEWEST: AssetSort = { sortBy: 'date', sortOrder: 'desc' };

/**
 * Public reads are the same for every visitor and change far less often than they are read, so
 * the recent pages of one dataset and the maps the map page asks for (all points, whole or by
 * risk) are cached until the database notifies a change to what they show (db/notifications.ts).
 * Views are not notified, so pages, which show view counts, are read again after `refreshAfterMs`.
 * A page of 20 is about 20 kB, a map at most 3 MB: at most 6 + 72 MB.
 */
export const PAGE_CACHE = { maxEntries: 300, refreshAfterMs: 10_000 } satisfies CacheOptions;
const MAP_CACHE = { maxEntries: 24 } satisfies CacheOptions;

/** What a read of a dataset's assets depends on: those its reader may see, and the dataset's name and activity. */
const datasetAssetReads = ({
  datasetId,
  publicOnly,
}: {
  datasetId: number;
  publicOnly: boolean;
}): CacheDependency[] => [invalidatedBy.datasetAssets(datasetId, publicOnly), invalidatedBy.shownDataset(datasetId)];

export class CachedAssetSearch implements AssetSearch {
  constructor(
    private readonly db: Database,
    private readonly search: AssetSearch,
  ) {}

  page(criteria: AssetCriteria, sort: AssetSort, window: PageWindow): Promise<AssetPage> {
    const read = () => this.search.page(criteria, sort, window);
    const { datasetId } = criteria;
    if (datasetId === undefined) return read();
    const key = JSON.stringify([criteria, sort, window]);
    return cachedRead(this.db, 'asset_page', key, datasetAssetReads({ ...criteria, datasetId }), read, PAGE_CACHE);
  }

  count(criteria: AssetCriteria): Promise<number> {
    return this.search.count(criteria);
  }

  points(query: PointsQuery): Promise<Buffer> {
    const read = () => this.search.points(query);
    // A search or a range is one visitor's question, and other limits would let anyone push the
    // cached maps out.
    if (query.search || narrowsByRange(query) || query.limit !== MAX_MAP_POINTS) return read();
    const key = JSON.stringify([query.publicOnly, query.datasetId, query.riskLevel]);
    return cachedRead(this.db, 'asset_points', key, datasetAssetReads(query), read, MAP_CACHE);
  }
}

/**
 * The app's one AssetSearch: cached, over the option indexes when `optionIndexes` (ASSET_INDEX)
 * for datasets of at most `maxIndexedAssets` approved assets, over the database alone when not.
 * `close` stops the indexes following the database's changes; `reportFailure` hears an index
 * that could not be built or kept up to date.
 */
export function createAssetSearch(
  db: Database,
  { optionIndexes, maxIndexedAssets }: { optionIndexes: boolean; maxIndexedAssets: number },
  reportFailure?: (error: unknown, what: string) => void,
): { search: AssetSearch; close(): void } {
  const reference = new SqlAssetSearch(db);
  const indexes = optionIndexes ? new OptionIndexes(db, maxIndexedAssets, reportFailure) : undefined;
  return {
    search: new CachedAssetSearch(db, indexes ? new IndexedAssetSearch(db, indexes, reference) : reference),
    close: () => indexes?.close(),
  };
}
