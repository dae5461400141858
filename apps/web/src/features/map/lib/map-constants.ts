/** The interactive map's own constants (spec, public side §9). */

/** The panel offers five dataset slots… */
export const MAP_DATASET_SLOTS = 5;
/** …each choosing among the first 10 datasets. */
export const MAP_DATASET_LIMIT = 10;
/** The keyboard list of the assets on the map names this many; a search narrows it. */
export const MAP_LIST_LIMIT = 50;
/** Typing in the search box asks the server once the visitor pauses this long. */
export const SEARCH_DEBOUNCE_MS = 400;
/** Choosing an asset from the list brings the map at least this close. */
export const FOCUS_ZOOM = 14;
