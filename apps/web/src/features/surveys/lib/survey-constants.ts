/** Back office §9 limits the survey screens use. */

/** Surveys per page on the list. */
export const SURVEY_PAGE_SIZE = 10;

/** Question groups the editor loads (all of them, in practice). */
export const QUESTION_GROUPS_LIMIT = 1000;

/** The option editor shows this many options first… */
export const OPTIONS_FIRST_PAGE = 100;
/** …and this many more per 'load more'. */
export const OPTIONS_MORE_PAGE = 200;

/** Above this many options a conditional parent value is typed rather than chosen. */
export const CONDITIONAL_SELECT_MAX_OPTIONS = 500;

/** Library questions offered in the import dialog at once (the search narrows them). */
export const LIBRARY_IMPORT_LIMIT = 200;
