import type { TokenClaims } from '@trashegimia/contract/auth';
import { ROLE } from '@trashegimia/contract/common';

/**
 * Who sees what of the register: administrators see every asset (any status, inactive datasets,
 * the admin note); anonymous visitors, guests and users see approved assets of active datasets.
 */
export const seesEverything = (viewer: TokenClaims | null): boolean =>
  viewer !== null && !viewer.guest && viewer.role === ROLE.ADMIN;

/** An admin reviewing an asset is not a reader: only other views count towards "most viewed". */
export const countsAsView = (viewer: TokenClaims | null): boolean => !seesEverything(viewer);
