import type { z } from 'zod';
import type {
  AssetDetail,
  AssetList,
  AssetListQuery,
  MediaList,
  RespondentFilterBody,
  RespondentListQuery,
} from '@trashegimia/contract/assets';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import { assertMayFilter, countsAsView, seesEverything } from './assets.policy';
import {
  mediaTypesOf,
  type MediaSummary,
  NO_MEDIA,
  presentAssetDetail,
  presentAssetSummary,
  presentMediaItem,
} from './assets.presenter';
import {
  type AssetCriteria,
  type AssetSort,
  countAssets,
  countViewAndFind,
  findAsset,
  selectAnswers,
  selectAssetPage,
  selectFirstPhotoPath,
  selectMedia,
  selectMediaSummaries,
} from './assets.repo';
import { resolveFilters } from './asset-filters';
import { emptyPage, offsetOf, pageMeta, type Paging } from '../../http/paging';

export { openDatasetExport } from './assets.export';
/** How an answer reads in a language: the same words on screen, in PDFs and in spreadsheets. */
export { answerText } from './assets.presenter';
export type { DatasetExport, ExportColumn, ExportRow } from './assets.export';

export const assetNotFound = () => notFound('asset');

/**
 * GET /surveys/assets: every query parameter of the spec. Who collected an asset (userId,
 * deviceId) and the admin note are administrators' business: those filters narrow for them only.
 */
export async function listAssets(
  db: Executor,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  query: z.output<typeof AssetListQuery>,
): Promise<AssetList> {
  const admin = seesEverything(viewer);
  // Everyone else sees approved assets only: asking for another status can find nothing.
  if (!admin && query.status !== undefined && query.status !== 'APPROVED') return emptyPage(query);
  const criteria: AssetCriteria = {
    publicOnly: !admin,
    datasetId: query.datasetId,
    surveyId: query.surveyId,
    status: query.status,
    ...(admin && { userId: query.userId, deviceId: query.deviceId }),
    contains: {
      name: query.name,
      municipality: query.municipality,
      village: query.village,
      comments: query.comments,
      ...(admin && { adminNote: query.adminNote }),
    },
    ...dateBounds(query.dateFrom, query.dateTo),
    latMin: query.latMin,
    latMax: query.latMax,
    lngMin: query.lngMin,
    lngMax: query.lngMax,
  };
  return assetPage(db, blobs, viewer, criteria, query, query);
}

/** GET /surveys/dataset-respondents: no dataset, or one the viewer cannot see, is an empty list (spec §7). */
export async function listDatasetRespondents(
  db: Executor,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  query: z.output<typeof RespondentListQuery>,
): Promise<AssetList> {
  if (query.datasetId === undefined) return emptyPage(query);
  const criteria: AssetCriteria = {
    publicOnly: !seesEverything(viewer),
    datasetId: query.datasetId,
    search: query.search || undefined,
  };
  return assetPage(db, blobs, viewer, criteria, query, query);
}

/** POST /surveys/dataset-respondents: AND across questions, OR within a question's options. */
export async function filterDatasetRespondents(
  db: Executor,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  body: z.output<typeof RespondentFilterBody>,
): Promise<AssetList> {
  assertMayFilter(viewer, body.filterPage);
  const criteria: AssetCriteria = {
    publicOnly: !seesEverything(viewer),
    datasetId: body.datasetId,
    filters: await resolveFilters(db, body.datasetId, body.filters),
  };
  return assetPage(db, blobs, viewer, criteria, body, body);
}

/**
 * A page of assets in at most three statements whatever the page size: the page, its count (only
 * when the page alone cannot tell it), and the page's media.
 */
async function assetPage(
  db: Executor,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  criteria: AssetCriteria,
  sort: AssetSort,
  paging: Paging,
): Promise<AssetList> {
  const offset = offsetOf(paging);
  const rows = await selectAssetPage(db, criteria, sort, { limit: paging.limit, offset });
  // A short page that is not past the end is the last one, so it gives the total.
  const total =
    rows.length < paging.limit && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : await countAssets(db, criteria);
  const media = await mediaSummaries(
    db,
    blobs,
    rows.map((row) => row.id),
  );
  const admin = seesEverything(viewer);
  return {
    items: rows.map((row) => presentAssetSummary(row, media.get(row.id) ?? NO_MEDIA, admin)),
    meta: pageMeta(paging, total),
  };
}

async function mediaSummaries(db: Executor, blobs: BlobStore | undefined, assetIds: string[]) {
  const rows = await selectMediaSummaries(db, assetIds);
  const byAsset = new Map<string, { types: string[]; photoPath: string | null }>();
  for (const row of rows) {
    let entry = byAsset.get(row.assetId);
    if (!entry) byAsset.set(row.assetId, (entry = { types: [], photoPath: null }));
    entry.types.push(row.type);
    if (row.type === 'PHOTO') entry.photoPath = row.path;
  }
  const summaries = new Map<string, MediaSummary>();
  await Promise.all(
    [...byAsset].map(async ([assetId, { types, photoPath }]) => {
      const photoUrl = photoPath && blobs ? await signedUrl(blobs, photoPath) : null;
      summaries.set(assetId, { types: mediaTypesOf(types), photoUrl });
    }),
  );
  return summaries;
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
 * One asset with its answers in question order, localized. Counts a view (one atomic UPDATE …
 * RETURNING) unless `countView` is false or the viewer is an administrator. 404 `asset_not_found`
 * for an unknown asset or one the viewer may not see. Without `blobs` the photoUrl is null.
 */
export async function getAssetDetail(
  db: Executor,
  viewer: TokenClaims | null,
  id: string,
  language: Language,
  options: { countView?: boolean; blobs?: BlobStore } = {},
): Promise<AssetDetail> {
  const publicOnly = !seesEverything(viewer);
  const count = (options.countView ?? true) && countsAsView(viewer);
  const row = count ? await countViewAndFind(db, id, publicOnly) : await findAsset(db, id, publicOnly);
  if (!row) throw assetNotFound();
  const [answerRows, media] = await Promise.all([selectAnswers(db, [id]), mediaSummaries(db, options.blobs, [id])]);
  return presentAssetDetail(row, media.get(id) ?? NO_MEDIA, !publicOnly, answerRows, language);
}

/** The asset's media with signed URLs; 404 as for the detail. */
export async function listAssetMedia(
  db: Executor,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  id: string,
): Promise<MediaList> {
  if (!(await findAsset(db, id, !seesEverything(viewer)))) throw assetNotFound();
  const rows = await selectMedia(db, id);
  const items = await Promise.all(
    rows.map(async (row) => {
      const url = await signedUrl(blobs, row.path);
      return url === null ? null : presentMediaItem(row, url);
    }),
  );
  return { items: items.filter((item) => item !== null) };
}

/** A stored path the store refuses (it would leave the store) is left out rather than failing the whole call. */
async function signedUrl(blobs: BlobStore, path: string): Promise<string | null> {
  try {
    return await blobs.readUrl(path);
  } catch {
    return null;
  }
}

/** The blob path of the asset's first photo, for documents (no visibility check: load the asset first). */
export async function assetPhotoPath(db: Executor, assetId: string): Promise<string | null> {
  return selectFirstPhotoPath(db, assetId);
}
