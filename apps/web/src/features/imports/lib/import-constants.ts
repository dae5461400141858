/** How often a running import is asked for its progress. */
export const IMPORT_POLL_INTERVAL_MS = 500;

/** Sample values shown beside each column while mapping. */
export const SAMPLE_VALUES_PER_COLUMN = 3;

/** Surveys and datasets offered in the pickers (spec §9: dropdown lists ask for the first 200). */
export const PICKER_QUERY = { page: 1, limit: 200 } as const;
