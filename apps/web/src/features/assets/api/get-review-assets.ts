import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AssetList, type AssetListQuery } from '@trashegimia/contract/assets';
import type { z } from 'zod';
import { apiRequest } from '@/shared/api/api-client';

type ListQuery = z.output<typeof AssetListQuery>;

/** The filters the review list offers, those chosen. */
export type ChosenAssetFilters = Partial<
  Pick<
    ListQuery,
    | 'status'
    | 'datasetId'
    | 'surveyId'
    | 'userId'
    | 'deviceId'
    | 'name'
    | 'municipality'
    | 'village'
    | 'dateFrom'
    | 'dateTo'
  >
>;

/** What the review list sends: paging and order always, the filters when chosen. */
export type ReviewAssetsQuery = Pick<ListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'> & ChosenAssetFilters;

/** Under 'assets', so a review's invalidation reaches it. */
export const REVIEW_ASSETS_KEY = ['assets', 'review'] as const;

/** GET /api/surveys/assets: a page of assets for review; fallback 'Failed to fetch survey assets'. */
export const getReviewAssets = (query: ReviewAssetsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/surveys/assets', { query, schema: AssetList, fallback: 'fetchAssetsFailed', signal });

export const getReviewAssetsQueryOptions = (query: ReviewAssetsQuery) =>
  queryOptions({
    queryKey: [...REVIEW_ASSETS_KEY, 'list', query],
    queryFn: ({ signal }) => getReviewAssets(query, { signal }),
  });

/** Keeps the previous page on screen while the next one loads. */
export const useReviewAssets = (query: ReviewAssetsQuery) =>
  useQuery({ ...getReviewAssetsQueryOptions(query), placeholderData: keepPreviousData });
