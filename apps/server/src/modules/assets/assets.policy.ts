import type { TokenClaims } from '@trashegimia/contract/auth';
import type { z } from 'zod';
import type { FilterPage } from '@trashegimia/contract/assets';
import { unauthorized } from '../../errors';
import { assertUser, isAdmin } from '../auth';

/**
 * Who sees what of the register: administrators see every asset (any status, inactive datasets,
 * the admin note); anonymous visitors, guests and users see approved assets of active datasets.
 */
export const seesEverything = (viewer: TokenClaims | null): boolean => isAdmin(viewer);

/** An admin reviewing an asset is not a reader: only other views count towards "most viewed". */
export const countsAsView = (viewer: TokenClaims | null): boolean => !seesEverything(viewer);

/**
 * Filtered lookups need a session (spec §5), and the map's and the analytics' filtered queries a
 * logged-in account; the dataset page's filters are open to guests too.
 */
export function assertMayFilter(viewer: TokenClaims | null, filterPage: z.output<typeof FilterPage> | undefined) {
  if (!viewer) throw unauthorized();
  if (filterPage === 'INTERACTIVE_MAP' || filterPage === 'ANALYTICS') assertUser(viewer);
}
