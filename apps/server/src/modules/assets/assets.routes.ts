import { constants as zlib } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssetDetail,
  AssetList,
  AssetListQuery,
  AssetParams,
  AssetPoints,
  AssetPointsQuery,
  MediaList,
  RespondentFilterBody,
  RespondentListQuery,
  RespondentSummary,
  RespondentSummaryBody,
} from '@trashegimia/contract/assets';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import { requireUser } from '../auth/guards';
import {
  filterDatasetRespondents,
  getAssetDetail,
  listAssetMedia,
  listAssetPoints,
  listAssets,
  listDatasetRespondents,
  summarizeDatasetRespondents,
} from './assets.service';
import { ViewCounter } from './view-counter';

/** Under /surveys, as the spec names them. */
export const assetRoutes: FastifyPluginAsyncZod<{ db: Database; blobs: BlobStore }> = async (app, { db, blobs }) => {
  const views = new ViewCounter(db, (error) => app.log.error({ err: error }, 'could not write asset views'));
  app.addHook('onClose', () => views.close());

  app.get(
    '/dataset-respondents',
    {
      schema: {
        tags: ['assets'],
        summary: "A dataset's assets, optionally searched by name, municipality or village",
        querystring: RespondentListQuery,
        response: { 200: AssetList, ...errorResponses(400) },
      },
    },
    async (request) => listDatasetRespondents(db, blobs, request.auth, request.query),
  );

  app.post(
    '/dataset-respondents',
    {
      schema: {
        tags: ['assets'],
        summary: "A dataset's assets filtered by answers: AND across questions, OR within one",
        body: RespondentFilterBody,
        response: { 200: AssetList, ...errorResponses(400, 404) },
      },
    },
    async (request) => filterDatasetRespondents(db, blobs, request.auth, request.body),
  );

  app.post(
    '/dataset-respondents/summary',
    {
      // Who may ask is settled before the body is read: no account, no hint about the body.
      preValidation: requireUser,
      schema: {
        tags: ['assets'],
        summary: 'Counts of the filtered assets per municipality, risk level and type (logged-in users)',
        description:
          'The same dataset, filters and visibility as the filtered lookup with filterPage ANALYTICS, counted over every matching asset. A blank municipality or type counts as null.',
        body: RespondentSummaryBody,
        response: { 200: RespondentSummary, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => summarizeDatasetRespondents(db, request.auth, request.body),
  );

  app.get(
    '/assets',
    {
      schema: {
        tags: ['assets'],
        summary: 'Assets by any of their fields, place, date and media types',
        querystring: AssetListQuery,
        response: { 200: AssetList, ...errorResponses(400) },
      },
    },
    async (request) => listAssets(db, blobs, request.auth, request.query),
  );

  app.get(
    '/assets/points',
    {
      // 10,000 points are 1.5 MB of JSON: the fastest levels compress them in a seventh of the
      // default's time (brotli 1: 7 ms to 416 KB; brotli 4: 52 ms to 365 KB).
      compress: { brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } }, zlibOptions: { level: 1 } },
      schema: {
        tags: ['assets'],
        summary: "A dataset's assets with coordinates, compact, for a map (at most 20,000, newest first)",
        querystring: AssetPointsQuery,
        response: { 200: AssetPoints, ...errorResponses(400) },
      },
    },
    async (request) => listAssetPoints(db, request.auth, request.query),
  );

  app.get(
    '/assets/:id',
    {
      // Reading an asset counts a view; a HEAD request is nobody reading it.
      exposeHeadRoute: false,
      schema: {
        tags: ['assets'],
        summary: "One asset with its answers in the request's language; counts a view",
        params: AssetParams,
        response: { 200: AssetDetail, ...errorResponses(400, 404) },
      },
    },
    async (request) => getAssetDetail(db, request.auth, request.params.id, request.language, { blobs, views }),
  );

  app.get(
    '/assets/:id/media',
    {
      schema: {
        tags: ['assets'],
        summary: "The asset's media with signed, expiring URLs",
        params: AssetParams,
        response: { 200: MediaList, ...errorResponses(400, 404) },
      },
    },
    async (request) => listAssetMedia(db, blobs, request.auth, request.params.id),
  );
};
