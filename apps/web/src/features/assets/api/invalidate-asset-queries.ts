import type { QueryClient } from '@tanstack/react-query';

/**
 * After a review the asset queries on screen (this list, an asset's details) load again; every
 * other query is only marked stale, since approval changes what the public pages (dataset lists,
 * map, archive, analytics) show when they are next opened.
 */
export const invalidateAssetQueries = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['assets'] }),
    queryClient.invalidateQueries({ refetchType: 'none' }),
  ]);
