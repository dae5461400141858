import type { MediaType } from '@trashegimia/contract/assets';
import type { UploadGrant } from '@trashegimia/contract/storage';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReconcileMedia } from '@/shared/api/reconcile-media';
import { requestMediaUpload } from '@/shared/api/request-media-upload';
import { useErrorText } from '@/shared/api/use-error-text';
import { extensionOf, extensionsFor, uploadContentTypeOf } from '@/shared/media/media-files';
import { UploadFailedError, uploadFile } from '@/shared/media/upload-file';
import { useToast } from '@/shared/ui/use-toast';

export type MediaUploadState =
  | { phase: 'idle' }
  | {
      phase: 'uploading';
      type: MediaType;
      total: number;
      completed: number;
      fileName: string;
      loadedBytes: number;
      totalBytes: number;
    }
  /** Every file is stored; the asset's list is being updated, which can no longer be cancelled. */
  | { phase: 'saving'; type: MediaType; total: number }
  | { phase: 'cancelled' }
  | { phase: 'failed'; messages: string[] };

/** A step failed for a reason already worded for the user. */
class BatchFailure extends Error {
  constructor(
    readonly messages: string[],
    /** The list update failed (after every file was stored), rather than an upload. */
    readonly whileSaving = false,
  ) {
    super(messages.join('\n'));
  }
}

type CheckedFile = { file: File; contentType: string };

/**
 * A grant lives about as long as its own file takes to send (the server sizes it), but the batch's
 * grants are all asked for first: one with less than this left when its turn comes is asked again.
 */
const GRANT_MARGIN_MS = 60_000;

/**
 * Uploads a batch of files to one section of an asset's media: every file is checked here first,
 * then every grant is asked for (so the server refuses an oversized file before any byte is sent),
 * then the files are sent one after another with their progress, and only when all are stored is
 * the asset's list updated with them appended. Cancelling, or any failure before that last step,
 * leaves the asset's list as it was: a batch is added whole or not at all.
 */
export const useMediaUpload = (assetId: string) => {
  const { t } = useTranslation('assetsAdmin');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const reconcile = useReconcileMedia(assetId);
  const [state, setState] = useState<MediaUploadState>({ phase: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);
  const running = state.phase === 'uploading' || state.phase === 'saving';

  // Leaving the page stops the upload; the browser asks first while one runs.
  useEffect(() => () => controllerRef.current?.abort(), []);
  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  const checkFiles = (type: MediaType, files: File[]) => {
    const section = t(`media.sections.${type}`);
    const problems: string[] = [];
    const checked: CheckedFile[] = [];
    for (const file of files) {
      const contentType = uploadContentTypeOf(type, file);
      if (contentType === null) {
        problems.push(t('media.upload.wrongType', { name: file.name, section, extensions: extensionsFor(type) }));
      } else if (file.size === 0) {
        problems.push(t('media.upload.emptyFile', { name: file.name }));
      } else {
        checked.push({ file, contentType });
      }
    }
    return { checked, problems };
  };

  const requestGrant = async (type: MediaType, { file, contentType }: CheckedFile, signal: AbortSignal) => {
    try {
      const body = { mediaType: type, extension: extensionOf(file.name), contentType, size: file.size };
      return await requestMediaUpload(assetId, body, { signal });
    } catch (error) {
      if (signal.aborted) throw error;
      const reason = errorText(error, t('api.mediaUploadGrantFailed', { ns: 'errors' }));
      throw new BatchFailure([t('media.upload.fileFailed', { name: file.name, reason })]);
    }
  };

  const requestGrants = async (type: MediaType, files: CheckedFile[], signal: AbortSignal) => {
    const grants: UploadGrant[] = [];
    for (const file of files) grants.push(await requestGrant(type, file, signal));
    return grants;
  };

  /** Sends the files in turn; a grant about to run out while earlier files were sent is asked for again. */
  const sendFiles = async (type: MediaType, files: CheckedFile[], grants: UploadGrant[], signal: AbortSignal) => {
    let sentBytes = 0;
    for (const [index, checked] of files.entries()) {
      const { file, contentType } = checked;
      if (Date.parse(grants[index]!.expiresAt) - Date.now() < GRANT_MARGIN_MS) {
        grants[index] = await requestGrant(type, checked, signal);
      }
      const grant = grants[index]!;
      const showProgress = (loadedBytes: number) =>
        setState((current) => (current.phase === 'uploading' ? { ...current, loadedBytes } : current));
      setState((current) =>
        current.phase === 'uploading'
          ? { ...current, completed: index, fileName: file.name, loadedBytes: sentBytes }
          : current,
      );
      try {
        await uploadFile({
          url: grant.uploadUrl,
          headers: grant.requiredHeaders,
          contentType,
          file,
          signal,
          onProgress: (loaded) => showProgress(sentBytes + Math.min(loaded, file.size)),
        });
      } catch (error) {
        if (signal.aborted) throw error;
        const status = error instanceof UploadFailedError ? error.status : 0;
        const reason = status === 0 ? t('media.upload.failed') : t('media.upload.failedStatus', { status });
        throw new BatchFailure([t('media.upload.fileFailed', { name: file.name, reason })]);
      }
      sentBytes += file.size;
      showProgress(sentBytes);
    }
  };

  /** Each file under its own name: the stored one is a generated id. */
  const addToList = async (type: MediaType, files: CheckedFile[], grants: UploadGrant[]) => {
    try {
      await reconcile.mutateAsync((current) => [
        ...current,
        ...grants.map((grant, index) => ({ path: grant.blobPath, type, originalName: files[index]!.file.name })),
      ]);
    } catch (error) {
      throw new BatchFailure([errorText(error, t('api.reconcileMediaFailed', { ns: 'errors' }))], true);
    }
  };

  const start = async (type: MediaType, files: File[]) => {
    if (running || files.length === 0) return;
    const { checked, problems } = checkFiles(type, files);
    if (problems.length > 0) {
      setState({ phase: 'failed', messages: problems });
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    const totalBytes = checked.reduce((sum, { file }) => sum + file.size, 0);
    setState({
      phase: 'uploading',
      type,
      total: checked.length,
      completed: 0,
      fileName: checked[0]!.file.name,
      loadedBytes: 0,
      totalBytes,
    });
    try {
      const grants = await requestGrants(type, checked, controller.signal);
      await sendFiles(type, checked, grants, controller.signal);
      controller.signal.throwIfAborted();
      setState({ phase: 'saving', type, total: checked.length });
      await addToList(type, checked, grants);
      setState({ phase: 'idle' });
      showToast({ message: t('media.saved'), tone: 'success' });
    } catch (error) {
      if (controller.signal.aborted) {
        setState({ phase: 'cancelled' });
      } else {
        const failure = error instanceof BatchFailure ? error : new BatchFailure([t('media.upload.failed')]);
        setState({ phase: 'failed', messages: failure.messages });
        showToast({ message: failure.whileSaving ? t('media.saveFailed') : failure.messages[0]!, tone: 'error' });
      }
    } finally {
      controllerRef.current = null;
    }
  };

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, running, start, cancel, dismiss };
};
