/**
 * The dataset page's address keeps what it shows, so a view can be shared, bookmarked and reloaded:
 * the search text, the sort, the chosen filters (`f=12:3,4`, repeated) and the asset open in the
 * details dialog; the date range and map area are in RANGE_PARAM (shared/filters/asset-range.ts),
 * as on the map page.
 */
export const DATASET_PARAM = { search: 'q', sort: 'sort', filter: 'f', asset: 'asset' } as const;
