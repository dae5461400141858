import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDatasetsQueryOptions } from '@/shared/api/get-datasets';

/** GET /api/datasets with the inactive ones too (honoured for admins only); keeps the page on screen while the next loads. */
export const useAdminDatasets = ({ page, limit }: { page: number; limit: number }) =>
  useQuery({
    ...getDatasetsQueryOptions({ page, limit, includeInactive: true }),
    placeholderData: keepPreviousData,
    // An admin's own changes must show at once; the public lists may cache longer.
    staleTime: 0,
  });
