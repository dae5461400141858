/** Analytics fetches up to 1000 respondents and shows them 8 per page (spec §9). */
export const ANALYTICS_RESULT_LIMIT = 1000;
export const ANALYTICS_PAGE_SIZE = 8;

/** Charts draw the 10 largest municipalities or types, and one 'other' bar for the rest. */
export const CHART_TOP_COUNT = 10;
