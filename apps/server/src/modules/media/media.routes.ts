import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssetParams, MediaList } from '@trashegimia/contract/assets';
import { MediaUploadBody, ReconcileMediaBody } from '@trashegimia/contract/media';
import { UploadGrant } from '@trashegimia/contract/storage';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import type { WritableBlobStore } from '../../storage/blob-store';
import { startUploadSweep } from '../../storage/unregistered-uploads';
import { assetMediaUploads, grantMediaUpload, type MediaLimits, reconcileAssetMedia } from './media.service';

export type MediaRoutesOptions = { db: Database; blobs: WritableBlobStore; limits: MediaLimits };

/**
 * Changing an asset's media: administrators, and the collector of an asset awaiting review (accounts
 * are checked before the body is read, the rest by the service). Listing it,
 * GET /assets/{id}/media, belongs to the assets module with the rest of what readers see.
 */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { db, blobs, limits }) => {
  startUploadSweep(app, blobs, assetMediaUploads(db, blobs), 'media');

  app.post(
    '/assets/:id/media/sas',
    {
      schema: {
        tags: ['media'],
        operationId: 'grantAssetMediaUpload',
        summary: "A signed URL to upload one file of the asset's media to, before listing it",
        params: AssetParams,
        body: MediaUploadBody,
        response: {
          200: UploadGrant.describe('The upload grant: where to PUT the file, with which headers'),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request) => grantMediaUpload(db, blobs, request.auth, request.params.id, request.body, limits),
  );

  app.put(
    '/assets/:id/media',
    {
      schema: {
        tags: ['media'],
        operationId: 'replaceAssetMedia',
        summary: "Make the asset's media exactly the listed files; dropped references keep their files",
        params: AssetParams,
        body: ReconcileMediaBody,
        response: { 200: MediaList.describe("The asset's media now"), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => reconcileAssetMedia(db, blobs, request.auth, request.params.id, request.body, limits),
  );
};
