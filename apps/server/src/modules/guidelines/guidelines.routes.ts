import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateGuidelineBody,
  Guideline,
  GuidelineDownloadUrl,
  GuidelineList,
  GuidelineListQuery,
  GuidelineParams,
  GuidelineUploadBody,
  UpdateGuidelineBody,
} from '@trashegimia/contract/guidelines';
import { UploadGrant } from '@trashegimia/contract/storage';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import type { WritableBlobStore } from '../../storage/blob-store';
import { startUploadSweep } from '../../storage/unregistered-uploads';
import {
  deleteGuideline,
  getGuidelineDownloadUrl,
  grantGuidelineUpload,
  guidelineUploads,
  listGuidelines,
  registerGuideline,
  renameGuideline,
} from './guidelines.service';

export type GuidelineRoutesOptions = { db: Database; blobs: WritableBlobStore; maxUploadBytes: number };

/** Reading is for every session; uploading, renaming and deleting for administrators only (checked before the body is read). */
export const guidelineRoutes: FastifyPluginAsyncZod<GuidelineRoutesOptions> = async (
  app,
  { db, blobs, maxUploadBytes },
) => {
  startUploadSweep(app, blobs, guidelineUploads(db, blobs), 'guideline');

  app.get(
    '/',
    {
      schema: {
        tags: ['guidelines'],
        operationId: 'listGuidelines',
        summary: 'Guideline documents by title; includeUrl=1 adds short-lived URLs that show each file',
        querystring: GuidelineListQuery,
        response: { 200: GuidelineList.describe('A page of guidelines'), ...errorResponses(400, 401) },
      },
    },
    async (request) => listGuidelines(db, blobs, request.auth, request.query),
  );

  app.get(
    '/:id/sas',
    {
      schema: {
        tags: ['guidelines'],
        operationId: 'getGuidelineDownloadUrl',
        summary: 'A short-lived URL that downloads the guideline under its file name',
        params: GuidelineParams,
        response: { 200: GuidelineDownloadUrl.describe('The download URL'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getGuidelineDownloadUrl(db, blobs, request.auth, request.params.id),
  );

  app.post(
    '/upload/sas',
    {
      schema: {
        tags: ['guidelines'],
        operationId: 'grantGuidelineUpload',
        summary: 'A signed URL to upload one PDF or Word file to, before registering it',
        body: GuidelineUploadBody,
        response: {
          200: UploadGrant.describe('The upload grant: where to PUT the file, with which headers'),
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request) => grantGuidelineUpload(blobs, request.auth, request.body, maxUploadBytes),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['guidelines'],
        operationId: 'createGuideline',
        summary: 'Register an uploaded file as a guideline',
        body: CreateGuidelineBody,
        response: { 201: Guideline.describe('The registered guideline'), ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return registerGuideline(db, blobs, request.auth, request.body, maxUploadBytes);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['guidelines'],
        operationId: 'renameGuideline',
        summary: 'Rename a guideline',
        params: GuidelineParams,
        body: UpdateGuidelineBody,
        response: { 200: Guideline.describe('The renamed guideline'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => renameGuideline(db, request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['guidelines'],
        operationId: 'deleteGuideline',
        summary: 'Delete a guideline and its file',
        params: GuidelineParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteGuideline(db, blobs, request.auth, request.params.id, request.log);
      return reply.status(204).send(null);
    },
  );
};
