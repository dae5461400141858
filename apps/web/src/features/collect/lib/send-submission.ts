import type { Submission, SubmissionBody } from '@trashegimia/contract/collect';
import type { MediaReference, MediaUploadBody } from '@trashegimia/contract/media';
import type { UploadGrant } from '@trashegimia/contract/storage';
import { isApiError } from '@/shared/api/api-error';
import { extensionOf } from '@/shared/media/media-files';
import { UploadFailedError } from '@/shared/media/upload-file';
import type { CollectSubmission, SendFailure, StoredPhoto } from './collect-db';

/** The calls sending takes, and where each step's result is kept; tests pass their own. */
export type SendSteps = {
  submit: (body: SubmissionBody) => Promise<Pick<Submission, 'id'>>;
  requestUpload: (assetId: string, body: MediaUploadBody) => Promise<UploadGrant>;
  /** The photo's bytes as kept on the device; null when they are gone. */
  readPhoto: (photoId: string) => Promise<ArrayBuffer | null>;
  upload: (grant: UploadGrant, photo: StoredPhoto, bytes: ArrayBuffer) => Promise<void>;
  /** Frees the room of photos the server has. */
  forgetPhotos: (photoIds: string[]) => Promise<void>;
  listMedia: (assetId: string) => Promise<MediaReference[]>;
  reconcile: (assetId: string, media: MediaReference[]) => Promise<void>;
  save: (submission: CollectSubmission) => Promise<void>;
};

/** No answer came at all: the device is offline, so the submission waits for the connection. */
const isUnreachable = (error: unknown) =>
  (isApiError(error) && error.isNetworkError) ||
  (error instanceof UploadFailedError && error.status === 0) ||
  error instanceof TypeError;

const statusOf = (error: unknown) => (isApiError(error) || error instanceof UploadFailedError ? error.status : 0);

/** The server's refusal to list a path that holds no upload (media.service). */
const FILE_NOT_UPLOADED = 'file_not_uploaded';

const uploadBodyOf = (photo: StoredPhoto): MediaUploadBody => ({
  mediaType: 'PHOTO',
  extension: extensionOf(photo.name) || 'jpg',
  contentType: photo.contentType,
  size: photo.size || undefined,
});

/**
 * Sends one finished submission: the answers (once: the server answers a resend with the same
 * asset), then each photo not yet uploaded, then lists the photos on the asset. Every step's result
 * is saved before the next begins, so an interruption anywhere loses nothing and a retry does only
 * what is left. Resolves with the submission as saved last: sent, waiting (no connection) or
 * failed with the step and the server's reason.
 */
export const sendSubmission = async (start: CollectSubmission, steps: SendSteps): Promise<CollectSubmission> => {
  let current = start;
  const photoCount = start.photos.length;
  const total = 1 + photoCount + (photoCount > 0 ? 1 : 0);
  const doneSteps = () =>
    (current.assetId ? 1 : 0) +
    current.photos.filter((photo) => photo.blobPath !== null).length +
    (current.mediaListed && photoCount > 0 ? 1 : 0);
  const update = async (changes: Partial<CollectSubmission>) => {
    current = { ...current, ...changes, updatedAt: new Date().toISOString() };
    current = { ...current, progress: current.state === 'sending' ? { done: doneSteps(), total } : null };
    await steps.save(current);
  };

  let failure: Omit<SendFailure, 'message' | 'status'> = { step: 'answers' };
  const uploadPhotos = async (assetId: string) => {
    for (const [index, photo] of current.photos.entries()) {
      if (photo.blobPath !== null) continue;
      failure = { step: 'photo', photo: index + 1 };
      const bytes = await steps.readPhoto(photo.id);
      if (!bytes) throw new Error('The photo is no longer on this device');
      const grant = await steps.requestUpload(assetId, uploadBodyOf(photo));
      await steps.upload(grant, photo, bytes);
      await update({
        photos: current.photos.map((kept) => (kept.id === photo.id ? { ...kept, blobPath: grant.blobPath } : kept)),
      });
    }
  };
  const listPhotos = async (assetId: string) => {
    if (photoCount === 0 || current.mediaListed) return;
    failure = { step: 'media' };
    // The asset's list as the server has it now, plus ours: nothing listed meanwhile is dropped.
    const listed = await steps.listMedia(assetId);
    const known = new Set(listed.map((media) => media.path));
    const ours = current.photos.flatMap((photo) =>
      photo.blobPath !== null && !known.has(photo.blobPath)
        ? [{ path: photo.blobPath, type: 'PHOTO' as const, originalName: photo.name }]
        : [],
    );
    await steps.reconcile(assetId, [...listed, ...ours]);
    await update({ mediaListed: true });
  };

  try {
    if (!current.body) throw new Error('A draft cannot be sent');
    await update({ state: 'sending', error: null });
    if (!current.assetId) {
      const asset = await steps.submit(current.body);
      await update({ assetId: asset.id });
    }
    const assetId = current.assetId!;
    await uploadPhotos(assetId);
    try {
      await listPhotos(assetId);
    } catch (error) {
      // The server removes uploads left unlisted for a day (a device offline in between): their
      // bytes are still here, so they are uploaded again, once.
      if (!isApiError(error) || error.code !== FILE_NOT_UPLOADED) throw error;
      await update({ photos: current.photos.map((photo) => ({ ...photo, blobPath: null })) });
      await uploadPhotos(assetId);
      await listPhotos(assetId);
    }
    await update({ state: 'sent' });
    // The server has everything: the photos need not take room on the device any more. Bytes
    // left behind by a failure here only take room; nothing is lost.
    await steps.forgetPhotos(current.photos.map((photo) => photo.id)).catch(() => undefined);
  } catch (error) {
    if (isUnreachable(error)) await update({ state: 'waiting', error: null });
    else {
      const message = error instanceof Error ? error.message : String(error);
      const code = isApiError(error) ? error.code : null;
      await update({ state: 'failed', error: { ...failure, message, status: statusOf(error), code } });
    }
  }
  return current;
};
