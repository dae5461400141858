import type { z } from 'zod';
import type {
  AssetDetail,
  AssetFilter,
  AssetList,
  AssetListQuery,
  AssetPointsQuery,
  AssetRangeQuery,
  MediaList,
  RespondentFilterBody,
  RespondentListQuery,
  RespondentSummary,
  RespondentSummaryBody,
} from '@trashegimia/contract/assets';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import type { Executor } from '../../db/client';
import { cachedRead } from '../../db/cache';
import { badRequest, notFound } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import { servedContentType } from '../../storage/served-content-type';
import { assertMayFilter, countsAsView, seesEverything } from './assets.policy';
import {
  mediaTypesOf,
  type MediaSummary,
  presentAssetDetail,
  presentAssetSummary,
  presentMediaItem,
} from './assets.presenter';
import {
  type AssetCriteria,
  type AssetRange,
  type AssetSearch,
  type AssetSort,
  type ListedAssetRow,
  findListedAsset,
  oneAssetReadOptions,
  oneAssetReads,
  resolveFilters,
} from '../asset-search';
import { DETAIL_CACHE, findAssetDetail, selectFirstPhotoPath, selectMedia } from './assets.repo';
import { answerRowsOf } from './answer-texts';
import { findSubmissionById } from './asset-submission.repo';
import type { ViewCounter } from './view-counter';
import { presentRespondentSummary } from './asset-summary.presenter';
import { selectAssetCounts } from './asset-summary.repo';
import { emptyPage, offsetOf, pageMeta, type Paging } from '../../http/paging';

export const assetNotFound = () => notFound('asset');

/**
 * GET /surveys/assets: every query parameter of the spec. Who collected an asset (userId,
 * deviceId) and the admin note are administrators' business: those filters narrow for them only.
 */
export async function listAssets(
  search: AssetSearch,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  query: z.output<typeof AssetListQuery>,
  language: Language,
): Promise<AssetList> {
  const admin = seesEverything(viewer);
  // Everyone else sees approved assets only: asking for another status can find nothing.
  if (!admin && query.status !== undefined && query.status !== 'APPROVED') return emptyPage(query);
  return assetPage(search, blobs, viewer, listCriteria(query, admin), query, query, language);
}

/**
 * The list's filters as criteria (also the bulk review's filter form). No status means every
 * status: the back office's UPLOADED default is the page's (ASSET_REVIEW_LIST_DEFAULTS), so the
 * public pages, which call without a status, see the same for any viewer.
 */
export function listCriteria(filter: z.output<typeof AssetFilter>, admin: boolean): AssetCriteria {
  return {
    publicOnly: !admin,
    datasetId: filter.datasetId,
    surveyId: filter.surveyId,
    status: filter.status,
    ...(admin && { userId: filter.userId, deviceId: filter.deviceId }),
    contains: {
      name: filter.name,
      municipality: filter.municipality,
      village: filter.village,
      comments: filter.comments,
      ...(admin && { adminNote: filter.adminNote }),
    },
    ...rangeOf(filter),
    mediaTypes: filter.mediaTypes,
  };
}

/** GET /surveys/dataset-respondents: no dataset, or one the viewer cannot see, is an empty list (spec §7). */
export async function listDatasetRespondents(
  search: AssetSearch,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  query: z.output<typeof RespondentListQuery>,
  language: Language,
): Promise<AssetList> {
  if (query.datasetId === undefined) return emptyPage(query);
  const criteria: AssetCriteria = {
    publicOnly: !seesEverything(viewer),
    datasetId: query.datasetId,
    search: query.search || undefined,
    ...rangeOf(query),
  };
  return assetPage(search, blobs, viewer, criteria, query, query, language);
}

/** POST /surveys/dataset-respondents: AND across questions, OR within a question's options. */
export async function filterDatasetRespondents(
  db: Executor,
  search: AssetSearch,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  body: z.output<typeof RespondentFilterBody>,
  language: Language,
): Promise<AssetList> {
  assertMayFilter(viewer, body.filterPage);
  const filters = await resolveFilters(db, body.datasetId, body.filters);
  const criteria: AssetCriteria = {
    publicOnly: !seesEverything(viewer),
    datasetId: body.datasetId,
    filters,
    mediaTypes: body.mediaTypes,
    ...rangeOf(body),
  };
  return assetPage(search, blobs, viewer, criteria, body, body, language);
}

async function assetPage(
  search: AssetSearch,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  criteria: AssetCriteria,
  sort: AssetSort,
  paging: Paging,
  language: Language,
): Promise<AssetList> {
  const admin = seesEverything(viewer);
  // An administrator is also told how many of the assets the public would not find here.
  const [{ rows, total }, publicTotal] = await Promise.all([
    search.page(criteria, sort, { limit: paging.limit, offset: offsetOf(paging) }),
    admin ? search.count({ ...criteria, publicOnly: true }) : undefined,
  ]);
  const items = await Promise.all(
    rows.map(async (row) => presentAssetSummary(row, await mediaSummary(blobs, row), admin, language)),
  );
  const meta = pageMeta(paging, total);
  return { items, meta: publicTotal === undefined ? meta : { ...meta, notPublic: total - publicTotal } };
}

async function mediaSummary(blobs: BlobStore | undefined, row: ListedAssetRow): Promise<MediaSummary> {
  const photoUrl = row.photoPath && blobs ? await signedUrl(blobs, row.photoPath, null) : null;
  return { types: mediaTypesOf(row.mediaTypes), photoUrl };
}

/**
 * The bounds of date and place as criteria; 400 naming the bound that lies before its pair, as
 * such a range finds nothing and is a mistake rather than a question.
 */
export function rangeOf(range: z.output<typeof AssetRangeQuery>): AssetRange {
  const { latMin, latMax, lngMin, lngMax } = range;
  if (latMin !== undefined && latMax !== undefined && latMin > latMax) {
    throw badRequest('latMax', 'latMax must not be less than latMin');
  }
  if (lngMin !== undefined && lngMax !== undefined && lngMin > lngMax) {
    throw badRequest('lngMax', 'lngMax must not be less than lngMin');
  }
  const dates = dateBounds(range.dateFrom, range.dateTo);
  const { dateFrom, dateTo, dateBefore } = dates;
  if (dateFrom && ((dateTo && dateFrom > dateTo) || (dateBefore && dateFrom >= dateBefore))) {
    throw badRequest('dateTo', 'dateTo must not be before dateFrom');
  }
  return { ...dates, latMin, latMax, lngMin, lngMax };
}

/** Date-only bounds are whole days (UTC): dateTo=2024-05-31 includes all of the 31st. */
function dateBounds(dateFrom: string | undefined, dateTo: string | undefined) {
  const dateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const bounds: Pick<AssetCriteria, 'dateFrom' | 'dateTo' | 'dateBefore'> = {};
  if (dateFrom) bounds.dateFrom = new Date(dateOnly(dateFrom) ? `${dateFrom}T00:00:00Z` : dateFrom);
  if (dateTo && dateOnly(dateTo)) {
    const nextDay = new Date(`${dateTo}T00:00:00Z`);
    nextDay.setUTCDate(nextDay.getUTCDate() + 1);
    bounds.dateBefore = nextDay;
  } else if (dateTo) {
    bounds.dateTo = new Date(dateTo);
  }
  return bounds;
}

/**
 * One asset with its answers in question order, localized. With `views`, counts the view of
 * anyone but an administrator (once the asset is known to be visible to them) and shows the count
 * including it. 404 `asset_not_found` for an unknown asset or one the viewer may not see. Without
 * `blobs` the photoUrl is null.
 */
export async function getAssetDetail(
  db: Executor,
  viewer: TokenClaims | null,
  id: string,
  language: Language,
  options: { views?: ViewCounter; blobs?: BlobStore } = {},
): Promise<AssetDetail> {
  const publicOnly = !seesEverything(viewer);
  const { views } = options;
  // Cached with the views written by then, so that the count shown adds those written since.
  const { found, viewsWritten } = await cachedRead(
    db,
    'asset_detail',
    `${id}:${publicOnly}`,
    oneAssetReads(id),
    async () => ({ viewsWritten: views?.written(id) ?? 0, found: await findAssetDetail(db, id, publicOnly) }),
    oneAssetReadOptions(id, DETAIL_CACHE, (read) => read.found?.asset.datasetId),
  );
  if (!found) throw assetNotFound();
  const { asset, answers } = found;
  if (views && countsAsView(viewer)) views.record(id);
  const viewCount = asset.viewCount + (views ? views.written(id) - viewsWritten + views.unwritten(id) : 0);
  const [media, answerRows] = await Promise.all([
    mediaSummary(options.blobs, asset),
    answerRowsOf(db, asset.surveyId, answers),
  ]);
  return presentAssetDetail({ ...asset, viewCount }, media, !publicOnly, answerRows, language);
}

/** The asset's media with signed URLs; 404 as for the detail. */
export async function listAssetMedia(
  db: Executor,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  id: string,
): Promise<MediaList> {
  // Read together: the list is only shown once the asset is known to be the viewer's to see.
  const [asset, rows] = await Promise.all([findListedAsset(db, id, !seesEverything(viewer)), selectMedia(db, id)]);
  if (!asset && !(await isOwnSubmission(db, viewer, id))) throw assetNotFound();
  const items = await Promise.all(
    rows.map(async (row) => {
      const url = await signedUrl(blobs, row.path, row.contentType);
      return url === null ? null : presentMediaItem(row, url);
    }),
  );
  return { items: items.filter((item) => item !== null) };
}

/** The collector sees the media of its own submission before review, as it adds them. */
async function isOwnSubmission(db: Executor, viewer: TokenClaims | null, id: string): Promise<boolean> {
  if (!viewer || viewer.guest) return false;
  return (await findSubmissionById(db, id))?.userId === viewer.userId;
}

/**
 * A stored path the store refuses (it would leave the store) is left out rather than failing the
 * whole call. The URL serves the file as the type it was registered with (or its extension names),
 * whatever it was uploaded as.
 */
async function signedUrl(blobs: BlobStore, path: string, registeredType: string | null): Promise<string | null> {
  try {
    return await blobs.readUrl(path, undefined, { contentType: servedContentType(path, registeredType) });
  } catch {
    return null;
  }
}

/** The blob path of the asset's first photo, for documents (no visibility check: load the asset first). */
export async function assetPhotoPath(db: Executor, assetId: string): Promise<string | null> {
  return selectFirstPhotoPath(db, assetId);
}

/**
 * POST /surveys/dataset-respondents/summary: the analytics' charts, counted over every asset the
 * filters match. Who may ask, what they see and how the filters resolve are those of the
 * analytics' filtered lookup, so the charts and the results table always describe the same assets.
 */
export async function summarizeDatasetRespondents(
  db: Executor,
  viewer: TokenClaims | null,
  body: z.output<typeof RespondentSummaryBody>,
): Promise<RespondentSummary> {
  assertMayFilter(viewer, 'ANALYTICS');
  const criteria: AssetCriteria = {
    publicOnly: !seesEverything(viewer),
    datasetId: body.datasetId,
    filters: await resolveFilters(db, body.datasetId, body.filters),
  };
  return presentRespondentSummary(await selectAssetCounts(db, criteria));
}

/**
 * GET /surveys/assets/points: a dataset's assets with real coordinates, compact, for a map; at most
 * `limit` (20,000 by default), newest first, with the full count when more match. Visibility as for
 * every list; an unknown dataset or one the viewer cannot see gives no points. Answered as the JSON
 * sent, in UTF-8.
 */
export function listAssetPointsJson(
  search: AssetSearch,
  viewer: TokenClaims | null,
  query: z.output<typeof AssetPointsQuery>,
): Promise<Buffer> {
  return search.points({
    publicOnly: !seesEverything(viewer),
    datasetId: query.datasetId,
    riskLevel: query.riskLevel,
    search: query.search || undefined,
    ...rangeOf(query),
    limit: query.limit,
  });
}
