import type { MediaUploadBody } from '@trashegimia/contract/media';
import { UploadGrant } from '@trashegimia/contract/storage';
import { apiRequest } from './api-client';

/**
 * POST /api/surveys/assets/{id}/media/sas: permission to upload one file. Sending its size lets the
 * server refuse an oversized file (413) before any byte is sent; fallback 'Failed to generate upload SAS'.
 */
export const requestMediaUpload = (assetId: string, body: MediaUploadBody, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/surveys/assets/${encodeURIComponent(assetId)}/media/sas`, {
    method: 'POST',
    body,
    schema: UploadGrant,
    fallback: 'mediaUploadGrantFailed',
    signal,
  });
