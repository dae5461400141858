/**
 * Finding assets: every list, filter, search and map of assets, behind one interface (AssetSearch).
 * Other modules use what is exported here and nothing else of this folder.
 */
export { type AssetPage, type AssetSearch, type PageWindow, type PointsQuery, createAssetSearch } from './asset-search';
export {
  type AssetCriteria,
  type AssetRange,
  type AssetSort,
  type ResolvedFilter,
  type TextField,
  assetWhere,
} from './criteria';
export { resolveFilters } from './filters';
export {
  type AssetRow,
  type ListedAssetRow,
  assetReaders,
  assetsWithIds,
  findListedAsset,
  listedAssetColumns,
  oneAssetReadOptions,
  oneAssetReads,
} from './listed-assets.repo';
export { countAssets } from './sql-search';
