import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAsset } from '@/shared/api/get-asset';

export const assetForEditQueryKey = (id: string) => ['assets', id, 'edit'] as const;

/**
 * GET /api/surveys/assets/{id} for the editor; fallback 'Failed to fetch survey asset'. Read once:
 * a background refetch would move the version the save names past changes the admin never saw, so
 * only the admin's own reload (after a conflict) or save replaces it.
 */
export const getAssetForEditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: assetForEditQueryKey(id),
    queryFn: ({ signal }) => getAsset(id, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useAssetForEdit = (id: string | null) =>
  useQuery({ ...getAssetForEditQueryOptions(id ?? ''), enabled: id !== null });
