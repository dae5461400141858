import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { MediaList } from '@trashegimia/contract/assets';
import type { MediaReference } from '@trashegimia/contract/media';
import { apiRequest } from './api-client';
import { getAssetMediaQueryOptions } from './get-asset-media';

/**
 * PUT /api/surveys/assets/{id}/media: makes the asset's media exactly `media`; references left out are
 * dropped, their stored files kept. Answers with the new list; fallback 'Failed to reconcile media list'.
 */
export const reconcileMedia = (assetId: string, media: MediaReference[]) =>
  apiRequest(`/surveys/assets/${encodeURIComponent(assetId)}/media`, {
    method: 'PUT',
    body: { media },
    schema: MediaList,
    fallback: 'reconcileMediaFailed',
  });

/** Queries that show an asset's photo or media types: the asset itself, asset lists, the archive, dataset lists. */
const showsAssetMedia = (mediaKey: readonly unknown[]) => (query: Query) => {
  const [area, , part] = query.queryKey;
  if (area === 'assets') return query.queryKey.join('/') !== mediaKey.join('/');
  return area === 'archive' || (area === 'datasets' && part === 'assets');
};

/** A change to the asset's list of media: from the current references to the wanted ones. */
export type MediaListEdit = (current: MediaReference[]) => MediaReference[];

/**
 * Changes an asset's media list. The edit is applied to the list as the server has it now, not as
 * the page last saw it, so a file another admin added meanwhile is not dropped by accident.
 */
export const useReconcileMedia = (assetId: string) => {
  const queryClient = useQueryClient();
  const mediaQuery = getAssetMediaQueryOptions(assetId);
  return useMutation({
    mutationFn: async (edit: MediaListEdit) => {
      const latest = await queryClient.fetchQuery({ ...mediaQuery, staleTime: 0 });
      return reconcileMedia(assetId, edit(latest.items.map(({ path, type }) => ({ path, type }))));
    },
    onSuccess: (list) => {
      // The answer is the new list with fresh URLs: no need to ask for it again.
      queryClient.setQueryData(mediaQuery.queryKey, list);
      return queryClient.invalidateQueries({ predicate: showsAssetMedia(mediaQuery.queryKey) });
    },
  });
};
