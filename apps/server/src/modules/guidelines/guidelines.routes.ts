import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GuidelineDownloadUrl,
  GuidelineList,
  GuidelineListQuery,
  GuidelineParams,
} from '@trashegimia/contract/guidelines';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import { getGuidelineDownloadUrl, listGuidelines } from './guidelines.service';

export const guidelineRoutes: FastifyPluginAsyncZod<{ db: Database; blobs: BlobStore }> = async (
  app,
  { db, blobs },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['guidelines'],
        summary: 'Guideline documents by title; includeUrl=1 adds short-lived URLs that show each file',
        querystring: GuidelineListQuery,
        response: { 200: GuidelineList, ...errorResponses(400, 401) },
      },
    },
    async (request) => listGuidelines(db, blobs, request.auth, request.query),
  );

  app.get(
    '/:id/sas',
    {
      schema: {
        tags: ['guidelines'],
        summary: 'A short-lived URL that downloads the guideline under its file name',
        params: GuidelineParams,
        response: { 200: GuidelineDownloadUrl, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getGuidelineDownloadUrl(db, blobs, request.auth, request.params.id),
  );
};
