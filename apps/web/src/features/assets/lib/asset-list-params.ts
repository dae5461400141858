import {
  ASSET_REVIEW_LIST_DEFAULTS,
  ASSET_STATUSES,
  type AssetFilter,
  type AssetStatus,
} from '@trashegimia/contract/assets';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePageParam } from '@/shared/routing/use-page-param';
import type { ReviewAssetsQuery } from '../api/get-review-assets';

/** The status filter: one status, or every status ('all'). */
export type StatusChoice = AssetStatus | 'all';
export const STATUS_CHOICES: StatusChoice[] = ['all', ...ASSET_STATUSES];

/** The orders the list offers; the first is the review default (spec §4: date descending). */
export const SORT_CHOICES = {
  dateDesc: { sortBy: 'date', sortOrder: 'desc' },
  dateAsc: { sortBy: 'date', sortOrder: 'asc' },
  nameAsc: { sortBy: 'name', sortOrder: 'asc' },
  municipalityAsc: { sortBy: 'municipality', sortOrder: 'asc' },
} as const satisfies Record<string, Pick<ReviewAssetsQuery, 'sortBy' | 'sortOrder'>>;
export type SortChoice = keyof typeof SORT_CHOICES;
const DEFAULT_SORT: SortChoice = 'dateDesc';

export type AssetListFilters = {
  status: StatusChoice;
  datasetId: number | null;
  surveyId: number | null;
};

const DEFAULT_STATUS: StatusChoice = ASSET_REVIEW_LIST_DEFAULTS.status;

const statusFrom = (value: string | null): StatusChoice =>
  STATUS_CHOICES.find((choice) => choice === value) ?? DEFAULT_STATUS;

const sortFrom = (value: string | null): SortChoice =>
  value !== null && Object.hasOwn(SORT_CHOICES, value) ? (value as SortChoice) : DEFAULT_SORT;

const idFrom = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
};

/** The filters as the list and the bulk review send them: only those chosen. */
export const chosenFilters = ({
  status,
  datasetId,
  surveyId,
}: AssetListFilters): Pick<ReviewAssetsQuery, 'status' | 'datasetId' | 'surveyId'> & AssetFilter => ({
  ...(status !== 'all' && { status }),
  ...(datasetId !== null && { datasetId }),
  ...(surveyId !== null && { surveyId }),
});

/**
 * The asset list's filters, order and page, kept in the address so reload and back/forward keep
 * them (`?status=all&datasetId=2&sort=nameAsc&page=3`; defaults are left out). Changing a filter
 * or the order goes back to page 1 (spec §4).
 */
export function useAssetListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, goToPage } = usePageParam();
  const status = statusFrom(searchParams.get('status'));
  const datasetId = idFrom(searchParams.get('datasetId'));
  const surveyId = idFrom(searchParams.get('surveyId'));
  const sort = sortFrom(searchParams.get('sort'));
  const filters = useMemo<AssetListFilters>(() => ({ status, datasetId, surveyId }), [status, datasetId, surveyId]);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) params.delete(name);
          else params.set(name, value);
        }
        params.delete('page');
        return params;
      }),
    [setSearchParams],
  );

  const changeFilters = useCallback(
    (changes: Partial<AssetListFilters>) => {
      const next = { ...filters, ...changes };
      update({
        status: next.status === DEFAULT_STATUS ? null : next.status,
        datasetId: next.datasetId === null ? null : String(next.datasetId),
        surveyId: next.surveyId === null ? null : String(next.surveyId),
      });
    },
    [filters, update],
  );

  const changeSort = useCallback((next: SortChoice) => update({ sort: next === DEFAULT_SORT ? null : next }), [update]);

  const query: ReviewAssetsQuery = {
    page,
    limit: ASSET_REVIEW_LIST_DEFAULTS.limit,
    ...SORT_CHOICES[sort],
    ...chosenFilters(filters),
  };

  return { filters, sort, page, query, changeFilters, changeSort, goToPage };
}
