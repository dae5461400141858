/** Back office §9 limits of the asset edit screen. */

/** The answers tree shows three levels of questions (1, 1.2, 1.2.3); deeper ones are listed in their level-3 question. */
export const ANSWER_TREE_LEVELS = 3;

/** Dropdown lists load page 1 with this many items (the dataset selector). */
export const DROPDOWN_LIST_LIMIT = 200;

/** History entries per page, newest first. */
export const HISTORY_PAGE_SIZE = 20;
