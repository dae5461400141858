/** Business constants of the spec (public side §4/§9, back office §9) that the shell uses. */

/** Toast messages disappear after this long. */
export const TOAST_DURATION_MS = 3500;

/** A finger held down this long is a tap-and-hold, a touch screen's stand-in for hovering (public side §4). */
export const TAP_AND_HOLD_MS = 600;

/** A header menu closes this long after focus leaves it. */
export const MENU_CLOSE_DELAY_MS = 150;

export const QUERY_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;
export const DEFAULT_STALE_TIME_MS = 2 * 60 * 1000;
export const DEFAULT_GC_TIME_MS = 5 * 60 * 1000;
