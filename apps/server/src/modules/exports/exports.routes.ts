import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssetListExportQuery, AssetParams, DatasetExportBody } from '@trashegimia/contract/assets';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import { fileResponse } from '../../http/api-docs';
import type { BlobStore } from '../../storage/blob-store';
import { type Download, downloadAssetPdf, type ExportOptions, exportAssetList, exportDataset } from './exports.service';

/** The documents' media types, as the OpenAPI document lists them (CSV is sent with `; charset=utf-8`). */
const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** `blobs` supplies the asset photo; without it a PDF has none. */
export type ExportRoutesOptions = { db: Database; blobs?: BlobStore } & ExportOptions;

/**
 * Documents: one asset as PDF, a dataset as CSV, XLSX or PDF, the back office's asset list as CSV
 * or XLSX. Registered under /api/surveys.
 */
export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (app, { db, blobs, ...options }) => {
  app.get(
    '/assets/:id/pdf',
    {
      // A HEAD request would render the whole document only to throw it away.
      exposeHeadRoute: false,
      schema: {
        tags: ['assets'],
        operationId: 'downloadAssetPdf',
        summary: 'One asset as a PDF (anyone who may see the asset)',
        description: 'Answers `application/pdf` as an attachment; labels and answers in the request language.',
        params: AssetParams,
        response: {
          200: fileResponse('The asset as a PDF, an attachment', EXPORT_MEDIA_TYPES.pdf),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const download = await downloadAssetPdf(db, blobs, request.auth, request.params.id, request.language, options);
      return sendDownload(reply, download);
    },
  );

  app.get(
    '/assets/export',
    {
      // A HEAD request would read every matching asset only to throw them away.
      exposeHeadRoute: false,
      schema: {
        tags: ['assets'],
        operationId: 'exportAssets',
        summary: "Every asset the asset list's filters match, as CSV or XLSX (administrators)",
        description:
          'The filters of GET /surveys/assets, without paging; rows newest first with the survey, dataset, collector, device, coordinates, risk level, comments and admin note. Column headers in the request language.',
        querystring: AssetListExportQuery,
        response: {
          200: fileResponse('The assets as a CSV or XLSX attachment', EXPORT_MEDIA_TYPES.csv, EXPORT_MEDIA_TYPES.xlsx),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendDownload(reply, exportAssetList(db, request.auth, request.query, request.language, options)),
  );

  app.post(
    '/dataset-respondents/export',
    {
      schema: {
        tags: ['assets'],
        operationId: 'exportDataset',
        summary: 'A dataset (or its filtered part) as CSV, XLSX or, without exportType, PDF (logged-in users)',
        description:
          'Streams one row per asset and one column per question. A PDF holds at most MAX_PDF_EXPORT_ASSETS assets; beyond it the answer is 413.',
        body: DatasetExportBody,
        response: {
          200: fileResponse(
            'The dataset as a CSV, XLSX or PDF attachment',
            EXPORT_MEDIA_TYPES.csv,
            EXPORT_MEDIA_TYPES.xlsx,
            EXPORT_MEDIA_TYPES.pdf,
          ),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const download = await exportDataset(db, request.auth, request.body, request.language, options);
      return sendDownload(reply, download);
    },
  );
};

function sendDownload(reply: FastifyReply, download: Download) {
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', download.contentDisposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(download.body);
}
