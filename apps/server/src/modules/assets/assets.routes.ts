import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssetDetail,
  AssetList,
  AssetListQuery,
  AssetParams,
  MediaList,
  RespondentFilterBody,
  RespondentListQuery,
} from '@trashegimia/contract/assets';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import {
  filterDatasetRespondents,
  getAssetDetail,
  listAssetMedia,
  listAssets,
  listDatasetRespondents,
} from './assets.service';

/** Under /surveys, as the spec names them. */
export const assetRoutes: FastifyPluginAsyncZod<{ db: Database; blobs: BlobStore }> = async (app, { db, blobs }) => {
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

  app.get(
    '/assets',
    {
      schema: {
        tags: ['assets'],
        summary: 'Assets by any of their fields, place and date',
        querystring: AssetListQuery,
        response: { 200: AssetList, ...errorResponses(400) },
      },
    },
    async (request) => listAssets(db, blobs, request.auth, request.query),
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
    async (request) => getAssetDetail(db, request.auth, request.params.id, request.language, { blobs }),
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
