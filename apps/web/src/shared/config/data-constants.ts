/** Business constants of the public data screens (spec, public side §4 and §9). */

/** The dataset category picker on Home shows the first 6 datasets (tiles and carousel show them all). */
export const HOME_DATASET_COUNT = 6;
/** Lists of datasets fetch up to 100 items. */
export const DATASET_LIST_LIMIT = 100;
/** The map asks for up to 1000 assets of a dataset. */
export const MAP_ASSET_LIMIT = 1000;
/** Dataset detail loads assets 20 at a time… */
export const DATASET_PAGE_SIZE = 20;
/** …the next 20 when the visitor scrolls within 100 px of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
/** Asset names are cut at 50 characters; item numbers are padded to 4 digits. */
export const ASSET_NAME_MAX_LENGTH = 50;
export const ITEM_NUMBER_DIGITS = 4;

/** Data is cached 2 to 5 minutes (media 5 minutes); the map query is fresh 5 minutes and kept 10. */
export const LIST_STALE_TIME_MS = 2 * 60 * 1000;
export const DATA_STALE_TIME_MS = 5 * 60 * 1000;
export const MEDIA_STALE_TIME_MS = 5 * 60 * 1000;
export const MAP_STALE_TIME_MS = 5 * 60 * 1000;
export const MAP_GC_TIME_MS = 10 * 60 * 1000;
