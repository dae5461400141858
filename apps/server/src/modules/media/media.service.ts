import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { MediaList, MediaType } from '@trashegimia/contract/assets';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { MediaUploadBody, ReconcileMediaBody } from '@trashegimia/contract/media';
import type { UploadGrant } from '@trashegimia/contract/storage';
import type { Database, Executor } from '../../db/client';
import { badRequest, forbidden, payloadTooLarge } from '../../errors';
import { checkBlobPath, extensionOf } from '../../storage/blob-path';
import type { WritableBlobStore } from '../../storage/blob-store';
import { SIGNATURE_LENGTH, startsLike } from '../../storage/file-signatures';
import { uploadGrantSeconds } from '../../storage/upload-grant-lifetime';
import type { UploadRegistry } from '../../storage/unregistered-uploads';
import { ROLE } from '@trashegimia/contract/common';
import { assetNotFound, findSubmission, listAssetMedia } from '../assets';
import { recordAudit } from '../audit/audit.service';
import { assertUser } from '../auth';
import { checkUploadExtension, storedContentType, takesUploadedContentType, uploadContentType } from './media-types';
import { cleanFileName } from './media-names';
import {
  type AssetFile,
  deleteMediaReferences,
  insertMediaReferences,
  lockAssetMedia,
  type MediaReferenceRow,
  selectMediaReferences,
  selectNeverRegisteredFiles,
  updateMediaReference,
} from './media.repo';

/** The largest file each media type accepts, in bytes (MEDIA_MAX_MB_*). */
export type MediaLimits = Readonly<Record<MediaType, number>>;

/** Every file uploaded for an asset lies under this prefix; grants and the list are bound to it. */
export const assetMediaPrefix = (assetId: string) => `assets/${assetId}/`;

/** The asset a file under an asset's prefix belongs to. */
const ASSET_FILE = /^assets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

const tooLarge = (mediaType: MediaType, maxBytes: number) =>
  payloadTooLarge(`The file is larger than the ${Math.floor(maxBytes / (1024 * 1024))} MB a ${mediaType} may have`);

/**
 * Policy: administrators manage any asset's media; the collector who submitted an asset may add
 * (and take back) its photos, audio and video while it awaits review, and no longer after.
 */
async function assertMayManageMedia(db: Executor, viewer: TokenClaims | null, assetId: string) {
  assertUser(viewer);
  const submission = await findSubmission(db, assetId);
  if (!submission) throw assetNotFound();
  if (viewer.role === ROLE.ADMIN) return viewer;
  if (submission.userId !== viewer.userId) {
    throw forbidden('Only administrators and the collector who submitted this asset may change its media');
  }
  if (submission.status !== 'UPLOADED') {
    throw forbidden('This asset has been reviewed: only administrators may change its media now');
  }
  return viewer;
}

/**
 * POST /surveys/assets/{id}/media/sas: a write URL for one new file of the asset, under its own
 * prefix with a generated name (two uploads never meet), for the declared content type only, up
 * to the media type's size limit, written once, and living as long as a file of the announced size
 * (or else of the limit) needs over a slow connection (storage/upload-grant-lifetime.ts).
 */
export async function grantMediaUpload(
  db: Executor,
  blobs: WritableBlobStore,
  viewer: TokenClaims | null,
  assetId: string,
  body: z.output<typeof MediaUploadBody>,
  limits: MediaLimits,
): Promise<UploadGrant> {
  await assertMayManageMedia(db, viewer, assetId);
  const contentType = uploadContentType(body.mediaType, body.contentType);
  const extension = extensionOf(body.extension);
  checkUploadExtension(body.mediaType, contentType, extension);
  const maxBytes = limits[body.mediaType];
  if (body.size !== undefined && body.size > maxBytes) throw tooLarge(body.mediaType, maxBytes);

  const blobPath = `${assetMediaPrefix(assetId)}${randomUUID()}.${extension}`;
  const expiresIn = uploadGrantSeconds(body.size ?? maxBytes);
  const grant = await blobs.writeUrl(blobPath, { contentType, maxBytes, expiresIn });
  return {
    uploadUrl: grant.uploadUrl,
    requiredHeaders: grant.requiredHeaders,
    blobPath,
    maxBytes,
    expiresAt: grant.expiresAt.toISOString(),
  };
}

/** A reference the list asks for, with the name and caption it will have. */
type WantedMedia = { path: string; type: MediaType; originalName: string | null; caption: string | null };

type NewReference = WantedMedia & { contentType: string | null; size: number };

/**
 * Checks what the list would add or retype. A path the asset already has may stay whatever its
 * prefix (seeded and imported media live elsewhere); a new one must be an uploaded file under the
 * asset's own prefix, within its type's size limit, with an extension the type takes, uploaded as a
 * content type its grant allowed, and starting with the bytes of that kind of file (the store may
 * not have refused a bad upload as it arrived; see WritableBlobStore.writeUrl).
 */
async function checkListedMedia(
  blobs: WritableBlobStore,
  assetId: string,
  listed: WantedMedia[],
  current: Map<string, { type: string }>,
  limits: MediaLimits,
): Promise<NewReference[]> {
  const seen = new Set<string>();
  const added: NewReference[] = [];
  for (const [index, item] of listed.entries()) {
    const field = `media.${index}.path`;
    if (seen.has(item.path)) throw badRequest(field, `${field}: listed twice`, 'duplicate_path');
    seen.add(item.path);
    const existing = current.get(item.path);
    if (existing?.type === item.type) continue;

    const extension = extensionOf(item.path);
    const contentType = storedContentType(item.type, extension);
    if (contentType === null) {
      throw badRequest(
        `media.${index}.type`,
        `media.${index}.type: a ${item.type} cannot be a .${extension} file`,
        'type_mismatch',
      );
    }
    if (existing) continue;

    const path = checkBlobPath(item.path);
    if (path === null || !path.startsWith(assetMediaPrefix(assetId))) {
      throw badRequest(field, `${field}: not a file uploaded for this asset`, 'foreign_path');
    }
    const stored = await blobs.stat(path);
    if (!stored) throw badRequest(field, `${field}: no file has been uploaded to this path`, 'file_not_uploaded');
    if (stored.size > limits[item.type]) throw tooLarge(item.type, limits[item.type]);
    const uploadedAs = stored.contentType;
    if (uploadedAs !== undefined && !takesUploadedContentType(item.type, extension, uploadedAs)) {
      throw badRequest(
        field,
        `${field}: the file was uploaded as ${uploadedAs}, not as a ${item.type}`,
        'file_content_mismatch',
      );
    }
    if (!startsLike(contentType, await blobs.readStart(path, SIGNATURE_LENGTH))) {
      throw badRequest(field, `${field}: the file is not a ${contentType} file`, 'file_content_mismatch');
    }
    added.push({ ...item, path, contentType, size: stored.size });
  }
  return added;
}

/**
 * The references the list asks for: a name or caption not sent keeps the stored one (none for a
 * new file), and a sent name is cleaned to what a person should read.
 */
function wantedMedia(
  listed: z.output<typeof ReconcileMediaBody>['media'],
  current: Map<string, MediaReferenceRow>,
): WantedMedia[] {
  return listed.map(({ path, type, originalName, caption }) => {
    const stored = current.get(path);
    const sentName = originalName == null ? originalName : cleanFileName(originalName);
    return {
      path,
      type,
      originalName: sentName === undefined ? (stored?.originalName ?? null) : sentName,
      caption: caption === undefined ? (stored?.caption ?? null) : caption,
    };
  });
}

/** A reference as the audit records it. */
const auditedMedia = ({ path, type, originalName, caption }: MediaReferenceRow | WantedMedia) => ({
  path,
  type,
  originalName,
  caption,
});

const sameReference = (stored: MediaReferenceRow, wanted: WantedMedia) =>
  stored.type === wanted.type && stored.originalName === wanted.originalName && stored.caption === wanted.caption;

/**
 * PUT /surveys/assets/{id}/media: makes the asset's media exactly the listed ones, with their
 * names and captions, in one transaction with its audit entry. References not listed are dropped,
 * their files kept (spec, media screen: removal only drops the reference).
 */
export async function reconcileAssetMedia(
  db: Database,
  blobs: WritableBlobStore,
  viewer: TokenClaims | null,
  assetId: string,
  body: z.output<typeof ReconcileMediaBody>,
  limits: MediaLimits,
): Promise<MediaList> {
  assertUser(viewer);
  await db.transaction(async (tx) => {
    const actor = await assertMayManageMedia(tx, viewer, assetId);
    await lockAssetMedia(tx, assetId);
    const before = await selectMediaReferences(tx, assetId);
    const current = new Map(before.map((row) => [row.path, row]));
    const after = wantedMedia(body.media, current);
    const added = await checkListedMedia(blobs, assetId, after, current, limits);

    const wanted = new Map(after.map((reference) => [reference.path, reference]));
    const removed = before.filter((row) => !wanted.has(row.path));
    const changed = before.flatMap((row) => {
      const reference = wanted.get(row.path);
      return reference && !sameReference(row, reference) ? [{ id: row.id, reference }] : [];
    });
    if (added.length === 0 && removed.length === 0 && changed.length === 0) return;

    await deleteMediaReferences(
      tx,
      assetId,
      removed.map((row) => row.id),
    );
    for (const { id, reference } of changed) {
      const { type, originalName, caption } = reference;
      await updateMediaReference(tx, id, { type, originalName, caption });
    }
    await insertMediaReferences(
      tx,
      added.map((reference) => ({ ...reference, assetId, createdBy: actor.userId })),
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'asset.media.update',
      subjectType: 'asset',
      subjectId: assetId,
      before: before.map(auditedMedia),
      after: after.map(auditedMedia),
    });
  });
  return listAssetMedia(db, blobs, viewer, assetId);
}

/**
 * The asset media's part in removing uploads never registered (storage/unregistered-uploads.ts):
 * a file under an asset's prefix goes unless the asset's media list names it or ever did (a
 * dropped reference keeps its file, as the spec's media screen says). One statement finds the
 * candidates; each asset's are checked again and removed holding the lock its media list takes,
 * so a file being listed at that moment is either listed first and kept, or gone before the list
 * looks for it (400 file_not_uploaded).
 */
export function assetMediaUploads(db: Database, blobs: WritableBlobStore): UploadRegistry {
  return {
    prefix: 'assets/',
    async removeUnregistered(paths) {
      const files = paths.flatMap((path): AssetFile[] => {
        const asset = ASSET_FILE.exec(path);
        return asset ? [{ assetId: asset[1]!.toLowerCase(), path }] : [];
      });
      const byAsset = new Map<string, AssetFile[]>();
      for (const file of await selectNeverRegisteredFiles(db, files)) {
        byAsset.set(file.assetId, [...(byAsset.get(file.assetId) ?? []), file]);
      }
      let removed = 0;
      for (const [assetId, candidates] of byAsset) {
        removed += await db.transaction(async (tx) => {
          await lockAssetMedia(tx, assetId);
          const unregistered = await selectNeverRegisteredFiles(tx, candidates);
          for (const file of unregistered) await blobs.delete(file.path);
          return unregistered.length;
        });
      }
      return removed;
    },
  };
}
