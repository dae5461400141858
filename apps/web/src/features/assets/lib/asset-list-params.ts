import {
  ASSET_REVIEW_LIST_DEFAULTS,
  ASSET_STATUSES,
  AssetListQuery,
  type AssetStatus,
} from '@trashegimia/contract/assets';
import { Id } from '@trashegimia/contract/common';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { usePageParam } from '@/shared/routing/use-page-param';
import type { ChosenAssetFilters, ReviewAssetsQuery } from '../api/get-review-assets';

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
const DEFAULT_STATUS: StatusChoice = ASSET_REVIEW_LIST_DEFAULTS.status;

/** The filters the text boxes fill in: each narrows to the assets whose field contains it. */
export const TEXT_FILTERS = ['name', 'municipality', 'village'] as const;
/** How long typing pauses before the list asks the server. */
export const TEXT_FILTER_DELAY_MS = 400;
export type TextFilter = (typeof TEXT_FILTERS)[number];

export type AssetListFilters = {
  status: StatusChoice;
  datasetId: number | null;
  surveyId: number | null;
  /** Who collected the assets, and with which device. */
  userId: number | null;
  deviceId: number | null;
  /** '' for none. */
  name: string;
  municipality: string;
  village: string;
  /** Days (yyyy-mm-dd), both included; null for none. */
  dateFrom: string | null;
  dateTo: string | null;
};

export const DEFAULT_FILTERS: AssetListFilters = {
  status: DEFAULT_STATUS,
  datasetId: null,
  surveyId: null,
  userId: null,
  deviceId: null,
  name: '',
  municipality: '',
  village: '',
  dateFrom: null,
  dateTo: null,
};

const idParam = Id.nullable().catch(null);
const textParam = AssetListQuery.shape.name.unwrap().catch('');
// A day as a date field gives it, within the years the server takes (the contract's own check).
const dayParam = z.iso.date().pipe(AssetListQuery.shape.dateFrom.unwrap()).nullable().catch(null);

/**
 * The list's view as the address holds it (`?status=all&name=kulla&dateFrom=2024-05-01&sort=nameAsc`).
 * Every parameter is checked: one that is missing or malformed (an edited or old link) reads as its
 * default, so the page always opens.
 */
const AssetListSearch = z.object({
  status: z.enum(STATUS_CHOICES).catch(DEFAULT_STATUS),
  datasetId: idParam,
  surveyId: idParam,
  userId: idParam,
  deviceId: idParam,
  name: textParam,
  municipality: textParam,
  village: textParam,
  dateFrom: dayParam,
  dateTo: dayParam,
  sort: z.enum(Object.keys(SORT_CHOICES) as [SortChoice, ...SortChoice[]]).catch(DEFAULT_SORT),
});

const FILTER_NAMES = Object.keys(DEFAULT_FILTERS) as (keyof AssetListFilters)[];

export const readAssetListSearch = (params: URLSearchParams): { filters: AssetListFilters; sort: SortChoice } => {
  const { sort, ...filters } = AssetListSearch.parse(
    Object.fromEntries([...FILTER_NAMES, 'sort'].map((name) => [name, params.get(name)])),
  );
  return { filters, sort };
};

/**
 * The address for a view: `current`'s other parameters kept, the filters and order written with
 * their defaults left out, and the page dropped, so that a new filter or order starts at page 1
 * (spec §4).
 */
export const writeAssetListSearch = (
  current: URLSearchParams,
  { filters, sort }: { filters: AssetListFilters; sort: SortChoice },
): URLSearchParams => {
  const params = new URLSearchParams(current);
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value === DEFAULT_FILTERS[name]) params.delete(name);
    else params.set(name, String(value));
  }
  if (sort === DEFAULT_SORT) params.delete('sort');
  else params.set('sort', sort);
  params.delete('page');
  return params;
};

/** Whether any filter differs from the list's defaults (what 'clear filters' would undo). */
export const hasChosenFilters = (filters: AssetListFilters) =>
  FILTER_NAMES.some((name) => filters[name] !== DEFAULT_FILTERS[name]);

/** The filters as the list, the bulk review and the download send them: only those chosen. */
export const chosenFilters = (filters: AssetListFilters): ChosenAssetFilters => ({
  ...(filters.status !== 'all' && { status: filters.status }),
  ...(filters.datasetId !== null && { datasetId: filters.datasetId }),
  ...(filters.surveyId !== null && { surveyId: filters.surveyId }),
  ...(filters.userId !== null && { userId: filters.userId }),
  ...(filters.deviceId !== null && { deviceId: filters.deviceId }),
  ...(filters.name !== '' && { name: filters.name }),
  ...(filters.municipality !== '' && { municipality: filters.municipality }),
  ...(filters.village !== '' && { village: filters.village }),
  ...(filters.dateFrom !== null && { dateFrom: filters.dateFrom }),
  ...(filters.dateTo !== null && { dateTo: filters.dateTo }),
});

/**
 * The asset list's filters, order and page, kept in the address so reload, back/forward and a
 * shared link restore the list. Changing a filter or the order goes back to page 1 (spec §4).
 */
export function useAssetListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, goToPage } = usePageParam();
  const search = searchParams.toString();
  // Parsed once per address, so the filters keep their identity while the page alone changes.
  const { filters, sort } = useMemo(() => readAssetListSearch(new URLSearchParams(search)), [search]);

  const changeFilters = useCallback(
    (changes: Partial<AssetListFilters>) =>
      setSearchParams((current) => {
        const view = readAssetListSearch(current);
        return writeAssetListSearch(current, { ...view, filters: { ...view.filters, ...changes } });
      }),
    [setSearchParams],
  );

  const clearFilters = useCallback(() => changeFilters(DEFAULT_FILTERS), [changeFilters]);

  const changeSort = useCallback(
    (next: SortChoice) =>
      setSearchParams((current) => writeAssetListSearch(current, { ...readAssetListSearch(current), sort: next })),
    [setSearchParams],
  );

  const query: ReviewAssetsQuery = {
    page,
    limit: ASSET_REVIEW_LIST_DEFAULTS.limit,
    ...SORT_CHOICES[sort],
    ...chosenFilters(filters),
  };

  return { filters, sort, page, query, changeFilters, clearFilters, changeSort, goToPage };
}
