import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { GuidelineDownloadUrl, GuidelineList, GuidelineListQuery } from '@trashegimia/contract/guidelines';
import type { Executor } from '../../db/client';
import { notFound, unauthorized } from '../../errors';
import { offsetOf, pageMeta } from '../../http/paging';
import type { BlobStore } from '../../storage/blob-store';
import { fileNameOf, presentGuideline } from './guidelines.presenter';
import { findGuideline, selectGuidelines } from './guidelines.repo';

/** Signed URLs of guidelines are short-lived; the page asks for fresh ones well before they run out. */
export const GUIDELINE_URL_TTL_SECONDS = 15 * 60;

export const guidelineNotFound = () => notFound('guideline');

/**
 * Policy: the documentation is for anyone with a session — guest, user or administrator (spec §6);
 * the page gets a visitor without one a guest session first.
 */
export function assertSession(viewer: TokenClaims | null): asserts viewer is TokenClaims {
  if (!viewer) throw unauthorized();
}

/** GET /guidelines: by title, optionally searched; with `includeUrl` each carries a URL to show it. */
export async function listGuidelines(
  db: Executor,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  query: z.output<typeof GuidelineListQuery>,
): Promise<GuidelineList> {
  assertSession(viewer);
  const { rows, total } = await selectGuidelines(db, {
    search: query.q || undefined,
    limit: query.limit,
    offset: offsetOf(query),
  });
  const items = await Promise.all(
    rows.map(async (row) => presentGuideline(row, query.includeUrl ? await viewUrl(blobs, row.path) : undefined)),
  );
  return { items, meta: pageMeta(query, total) };
}

/** GET /guidelines/{id}/sas: a URL that downloads the file under its own name; 404 when it is gone. */
export async function getGuidelineDownloadUrl(
  db: Executor,
  blobs: BlobStore,
  viewer: TokenClaims | null,
  id: number,
): Promise<GuidelineDownloadUrl> {
  assertSession(viewer);
  const row = await findGuideline(db, id);
  if (!row) throw guidelineNotFound();
  if (!(await isStored(blobs, row.path))) throw notFound('file', 'The file of this guideline is missing');
  return {
    url: await blobs.readUrl(row.path, GUIDELINE_URL_TTL_SECONDS, { downloadAs: fileNameOf(row.path) }),
  };
}

/** A stored path the store refuses (it would leave the store) leaves the URL out rather than failing the list. */
async function viewUrl(blobs: BlobStore, path: string): Promise<string | undefined> {
  try {
    return await blobs.readUrl(path, GUIDELINE_URL_TTL_SECONDS);
  } catch {
    return undefined;
  }
}

/** False for a missing file and for a stored path the store refuses. */
async function isStored(blobs: BlobStore, path: string): Promise<boolean> {
  try {
    return await blobs.exists(path);
  } catch {
    return false;
  }
}
