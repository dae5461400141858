import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import {
  GUIDELINE_FILE_TYPES,
  type CreateGuidelineBody,
  type Guideline,
  type GuidelineDownloadUrl,
  type GuidelineList,
  type GuidelineListQuery,
  type GuidelineUploadBody,
  type UpdateGuidelineBody,
} from '@trashegimia/contract/guidelines';
import type { UploadGrant } from '@trashegimia/contract/storage';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, notFound, payloadTooLarge } from '../../errors';
import { offsetOf, pageMeta } from '../../http/paging';
import { checkBlobPath } from '../../storage/blob-path';
import type { BlobStore, WritableBlobStore } from '../../storage/blob-store';
import { SIGNATURE_LENGTH, startsLike } from '../../storage/file-signatures';
import { uploadGrantSeconds } from '../../storage/upload-grant-lifetime';
import type { UploadRegistry } from '../../storage/unregistered-uploads';
import { recordAudit } from '../audit/audit.service';
import { assertAdmin, assertSession } from '../auth';
import {
  extensionOf,
  GUIDELINE_PREFIX,
  guidelineFileType,
  servedGuidelineType,
  storedFileName,
} from './guideline-files';
import { fileNameOf, presentGuideline } from './guidelines.presenter';
import {
  anyGuidelineWithPath,
  deleteGuidelineById,
  findGuideline,
  guidelinePathsAmong,
  insertGuideline,
  lockGuidelineFile,
  selectGuidelines,
  updateGuidelineTitle,
} from './guidelines.repo';

/** Signed URLs of guidelines are short-lived; the page asks for fresh ones well before they run out. */
export const GUIDELINE_URL_TTL_SECONDS = 15 * 60;

export const guidelineNotFound = () => notFound('guideline');

const tooLarge = (maxBytes: number) =>
  payloadTooLarge(`The file is larger than the ${Math.floor(maxBytes / (1024 * 1024))} MB a guideline may have`);

/**
 * GET /guidelines: by title, optionally searched; with `includeUrl` each carries a URL to show it.
 * The documentation is for every session, guest, user or administrator (spec §6); the page gets a
 * visitor without one a guest session first.
 */
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
    url: await blobs.readUrl(row.path, GUIDELINE_URL_TTL_SECONDS, {
      downloadAs: fileNameOf(row.path),
      contentType: servedGuidelineType(row.path),
    }),
  };
}

/** A stored path the store refuses (it would leave the store) leaves the URL out rather than failing the list. */
async function viewUrl(blobs: BlobStore, path: string): Promise<string | undefined> {
  try {
    return await blobs.readUrl(path, GUIDELINE_URL_TTL_SECONDS, { contentType: servedGuidelineType(path) });
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

/**
 * POST /guidelines/upload/sas: a write URL for one new PDF or Word file under guidelines/, in a
 * folder of its own so that two files of the same name never meet; the file keeps its name, under
 * which it is later downloaded.
 */
export async function grantGuidelineUpload(
  blobs: WritableBlobStore,
  viewer: TokenClaims | null,
  body: z.output<typeof GuidelineUploadBody>,
  maxBytes: number,
): Promise<UploadGrant> {
  assertAdmin(viewer);
  const type = guidelineFileType(body.contentType);
  const { extension } = GUIDELINE_FILE_TYPES[type];
  const field = body.fileName === undefined ? 'extension' : 'fileName';
  if (extensionOf(body.fileName ?? body.extension!) !== extension) {
    throw badRequest(field, `${field}: a ${type} file must end in .${extension}`, 'extension_mismatch');
  }
  if (body.size !== undefined && body.size > maxBytes) throw tooLarge(maxBytes);

  const blobPath = `${GUIDELINE_PREFIX}${randomUUID()}/${storedFileName(body.fileName, extension)}`;
  // As long as a file of the announced size (or else of the limit) needs over a slow connection.
  const expiresIn = uploadGrantSeconds(body.size ?? maxBytes);
  const grant = await blobs.writeUrl(blobPath, { contentType: type, maxBytes, expiresIn });
  return {
    uploadUrl: grant.uploadUrl,
    requiredHeaders: grant.requiredHeaders,
    blobPath,
    maxBytes,
    expiresAt: grant.expiresAt.toISOString(),
  };
}

/**
 * POST /guidelines: registers an uploaded file. The file must be there, under guidelines/, of an
 * accepted type whose name and first bytes agree with the declared content type (so a renamed
 * executable is not offered to readers as a PDF), and not registered already.
 */
export async function registerGuideline(
  db: Database,
  blobs: WritableBlobStore,
  viewer: TokenClaims | null,
  body: z.output<typeof CreateGuidelineBody>,
  maxBytes: number,
): Promise<Guideline> {
  assertAdmin(viewer);
  const type = guidelineFileType(body.contentType);
  const path = checkBlobPath(body.path);
  if (path === null || !path.startsWith(GUIDELINE_PREFIX)) {
    throw badRequest('path', 'path: not the path of an uploaded guideline', 'invalid_path');
  }
  const stored = await blobs.stat(path);
  if (!stored) throw badRequest('path', 'No file has been uploaded to this path', 'file_not_uploaded');
  if (stored.size > maxBytes) throw tooLarge(maxBytes);
  const { extension, contentType } = GUIDELINE_FILE_TYPES[type];
  // A driver that keeps the uploaded Content-Type (azure) could not refuse another one at the upload.
  const uploadedAs = stored.contentType?.split(';')[0]!.trim().toLowerCase();
  if (
    extensionOf(path) !== extension ||
    (uploadedAs !== undefined && uploadedAs !== type) ||
    !startsLike(type, await blobs.readStart(path, SIGNATURE_LENGTH))
  ) {
    throw badRequest('contentType', `The uploaded file is not a ${type} file`, 'file_type_mismatch');
  }

  return db.transaction(async (tx) => {
    await lockGuidelineFile(tx, path);
    if (await anyGuidelineWithPath(tx, path)) {
      throw conflict('This file is already registered as a guideline', 'guideline_exists', 'path');
    }
    // Still there now that no sweep can remove it (guidelineUploads) until this is committed.
    if (!(await blobs.exists(path))) {
      throw badRequest('path', 'No file has been uploaded to this path', 'file_not_uploaded');
    }
    const row = await insertGuideline(tx, {
      title: body.title,
      path,
      contentType,
      size: stored.size,
      createdBy: viewer.userId,
    });
    const presented = presentGuideline(row);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'guideline.create',
      subjectType: 'guideline',
      subjectId: String(row.id),
      after: presented,
    });
    return presented;
  });
}

/** PATCH /guidelines/{id}: renames the document; its file stays as it is. */
export async function renameGuideline(
  db: Database,
  viewer: TokenClaims | null,
  id: number,
  body: z.output<typeof UpdateGuidelineBody>,
): Promise<Guideline> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const before = await findGuideline(tx, id);
    if (!before) throw guidelineNotFound();
    const after = (await updateGuidelineTitle(tx, id, body.title))!;
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'guideline.update',
      subjectType: 'guideline',
      subjectId: String(id),
      before: presentGuideline(before),
      after: presentGuideline(after),
    });
    return presentGuideline(after);
  });
}

/**
 * DELETE /guidelines/{id}: removes the document and its file. Unlike an asset's media (whose file
 * the spec keeps when the reference is dropped), a guideline's file belongs to nothing else and no
 * URL can reach it once the record is gone: keeping it would only keep a withdrawn document on
 * disk. The audit log keeps what the record said. The file goes after the record is committed; if
 * that fails, the file is left over (logged), never a record without its file.
 */
export async function deleteGuideline(
  db: Database,
  blobs: WritableBlobStore,
  viewer: TokenClaims | null,
  id: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  assertAdmin(viewer);
  const removed = await db.transaction(async (tx) => {
    const row = await findGuideline(tx, id);
    if (!row) throw guidelineNotFound();
    await deleteGuidelineById(tx, id);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'guideline.delete',
      subjectType: 'guideline',
      subjectId: String(id),
      before: { ...presentGuideline(row), path: row.path },
    });
    return row;
  });
  if (await anyGuidelineWithPath(db, removed.path)) return;
  try {
    await blobs.delete(removed.path);
  } catch (error) {
    log.warn({ err: error, path: removed.path }, 'the file of a deleted guideline could not be removed');
  }
}

/**
 * The guidelines' part in removing uploads never registered (storage/unregistered-uploads.ts): a
 * file under guidelines/ that no guideline is registered with goes (a deleted guideline's file
 * goes with it anyway). Each is checked again and removed holding the lock registering it takes.
 */
export function guidelineUploads(db: Database, blobs: WritableBlobStore): UploadRegistry {
  return {
    prefix: GUIDELINE_PREFIX,
    async removeUnregistered(paths) {
      const registered = new Set(await guidelinePathsAmong(db, paths));
      let removed = 0;
      for (const path of paths.filter((candidate) => !registered.has(candidate))) {
        removed += await db.transaction(async (tx) => {
          await lockGuidelineFile(tx, path);
          if (await anyGuidelineWithPath(tx, path)) return 0;
          await blobs.delete(path);
          return 1;
        });
      }
      return removed;
    },
  };
}
