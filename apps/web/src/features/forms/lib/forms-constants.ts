/** Forms per page: the forms are the surveys, listed 10 a page like the survey list (back office §9). */
export const FORMS_PAGE_SIZE = 10;
