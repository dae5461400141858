import { constants as zlib } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssetDetail,
  AssetHistory,
  AssetHistoryQuery,
  AssetList,
  AssetListQuery,
  AssetParams,
  AssetPoints,
  AssetPointsQuery,
  AssetStatusBody,
  BulkAssetStatusBody,
  BulkAssetStatusResult,
  MediaList,
  RespondentFilterBody,
  RespondentListQuery,
  RespondentSummary,
  RespondentSummaryBody,
  UpdateAssetBody,
} from '@trashegimia/contract/assets';
import type { Database } from '../../db/client';
import type { AssetSearch } from '../asset-search';
import { errorResponses } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import { changeAssetStatus, changeAssetStatuses, getAssetHistory, updateAsset } from './asset-review.service';
import {
  filterDatasetRespondents,
  getAssetDetail,
  listAssetMedia,
  listAssetPointsJson,
  listAssets,
  listDatasetRespondents,
  summarizeDatasetRespondents,
} from './assets.service';
import type { ViewCounter } from './view-counter';

/** Under /surveys, as the spec names them; `views` counts the views of asset details. */
export const assetRoutes: FastifyPluginAsyncZod<{
  db: Database;
  blobs: BlobStore;
  search: AssetSearch;
  views: ViewCounter;
}> = async (app, { db, blobs, search, views }) => {
  app.get(
    '/dataset-respondents',
    {
      schema: {
        tags: ['assets'],
        operationId: 'listDatasetRespondents',
        summary: "A dataset's assets, optionally searched by name, municipality or village",
        querystring: RespondentListQuery,
        response: { 200: AssetList.describe("A page of the dataset's assets"), ...errorResponses(400) },
      },
    },
    async (request) => listDatasetRespondents(search, blobs, request.auth, request.query, request.language),
  );

  app.post(
    '/dataset-respondents',
    {
      schema: {
        tags: ['assets'],
        operationId: 'filterDatasetRespondents',
        summary: "A dataset's assets filtered by answers: AND across questions, OR within one",
        body: RespondentFilterBody,
        response: { 200: AssetList.describe('A page of the matching assets'), ...errorResponses(400, 404) },
      },
    },
    async (request) => filterDatasetRespondents(db, search, blobs, request.auth, request.body, request.language),
  );

  app.post(
    '/dataset-respondents/summary',
    {
      schema: {
        tags: ['assets'],
        operationId: 'summarizeDatasetRespondents',
        summary: 'Counts of the filtered assets per municipality, risk level and type (logged-in users)',
        description:
          'The same dataset, filters and visibility as the filtered lookup with filterPage ANALYTICS, counted over every matching asset. A blank municipality or type counts as null.',
        body: RespondentSummaryBody,
        response: { 200: RespondentSummary.describe('The counts'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => summarizeDatasetRespondents(db, request.auth, request.body),
  );

  app.get(
    '/assets',
    {
      schema: {
        tags: ['assets'],
        operationId: 'listAssets',
        summary: 'Assets by any of their fields, place, date and media types',
        querystring: AssetListQuery,
        response: { 200: AssetList.describe('A page of the matching assets'), ...errorResponses(400) },
      },
    },
    async (request) => listAssets(search, blobs, request.auth, request.query, request.language),
  );

  app.get(
    '/assets/points',
    {
      // 10,000 points are 1.5 MB of JSON: the fastest levels compress them in a seventh of the
      // default's time (brotli 1: 7 ms to 416 KB; brotli 4: 52 ms to 365 KB).
      compress: { brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } }, zlibOptions: { level: 1 } },
      schema: {
        tags: ['assets'],
        operationId: 'listAssetPoints',
        summary: "A dataset's assets with coordinates, compact, for a map (at most 20,000, newest first)",
        querystring: AssetPointsQuery,
        response: { 200: AssetPoints.describe('The points'), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      // Sent as written: a cached map is neither serialized nor checked again for each visitor.
      sendJson(reply, await listAssetPointsJson(search, request.auth, request.query)),
  );

  app.get(
    '/assets/:id',
    {
      // Reading an asset counts a view; a HEAD request is nobody reading it.
      exposeHeadRoute: false,
      schema: {
        tags: ['assets'],
        operationId: 'getAsset',
        summary: "One asset with its answers in the request's language; counts a view",
        params: AssetParams,
        response: { 200: AssetDetail.describe('The asset'), ...errorResponses(400, 404) },
      },
    },
    async (request) => getAssetDetail(db, request.auth, request.params.id, request.language, { blobs, views }),
  );

  // Review and editing (back office): administrators only, refused before the body is read.
  app.patch(
    '/assets/status',
    {
      schema: {
        tags: ['assets'],
        operationId: 'setAssetStatuses',
        summary: 'Bulk review: one status and note for the assets named by id, or for all that match the filters',
        description:
          'One transaction; at most 10,000 ids, while the filter form reaches every match. Assets that already have the status and note are left alone. Each changed asset gets its own audit entry.',
        body: BulkAssetStatusBody,
        response: { 200: BulkAssetStatusResult.describe('How many assets changed'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => changeAssetStatuses(db, request.auth, request.body),
  );

  app.patch(
    '/assets/:id',
    {
      schema: {
        tags: ['assets'],
        operationId: 'updateAsset',
        summary: "Edit an asset's comments, dataset and answers (only from the version last read)",
        description:
          'Answers replace those of their questions; choices name option values (multiple choice comma-separated). 409 asset_version_conflict when someone saved the asset after `version` was read.',
        params: AssetParams,
        body: UpdateAssetBody,
        response: { 200: AssetDetail.describe('The changed asset'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateAsset(db, request.auth, request.params.id, request.body, request.language, blobs),
  );

  app.patch(
    '/assets/:id/status',
    {
      schema: {
        tags: ['assets'],
        operationId: 'setAssetStatus',
        summary: "Approve, reject or otherwise set an asset's status, with an optional admin note",
        params: AssetParams,
        body: AssetStatusBody,
        response: { 200: AssetDetail.describe('The asset with its new status'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeAssetStatus(db, request.auth, request.params.id, request.body, request.language, blobs),
  );

  app.get(
    '/assets/:id/history',
    {
      schema: {
        tags: ['assets'],
        operationId: 'getAssetHistory',
        summary: "Who edited or reviewed the asset and when, with each change's before and after (newest first)",
        params: AssetParams,
        querystring: AssetHistoryQuery,
        response: {
          200: AssetHistory.describe("A page of the asset's changes"),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => getAssetHistory(db, request.auth, request.params.id, request.query, request.language),
  );

  app.get(
    '/assets/:id/media',
    {
      schema: {
        tags: ['assets'],
        operationId: 'listAssetMedia',
        summary: "The asset's media with signed, expiring URLs",
        params: AssetParams,
        response: { 200: MediaList.describe('The media, with URLs to show them'), ...errorResponses(400, 404) },
      },
    },
    async (request) => listAssetMedia(db, blobs, request.auth, request.params.id),
  );
};

/** JSON already written: Fastify sends bytes as they are. */
function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
}
