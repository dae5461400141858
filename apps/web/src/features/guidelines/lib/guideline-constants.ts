/** Lists fetch up to 100 items (spec §9). */
export const GUIDELINE_LIST_LIMIT = 100;
/** The server's guideline URLs live at least 15 minutes; the list fetches new ones every 10. */
export const GUIDELINE_URL_REFRESH_MS = 10 * 60 * 1000;
/** Typing pauses this long before the search goes to the server. */
export const SEARCH_DELAY_MS = 300;
