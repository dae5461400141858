import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssetListExportQuery, AssetParams, DatasetExportBody } from '@trashegimia/contract/assets';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import { type Download, downloadAssetPdf, type ExportOptions, exportAssetList, exportDataset } from './exports.service';

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
        summary: 'One asset as a PDF (anyone who may see the asset)',
        description: 'Answers `application/pdf` as an attachment; labels and answers in the request language.',
        params: AssetParams,
        response: errorResponses(400, 404),
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
        summary: "Every asset the asset list's filters match, as CSV or XLSX (administrators)",
        description:
          'The filters of GET /surveys/assets, without paging; rows newest first with the survey, dataset, collector, device, coordinates, risk level, comments and admin note. Column headers in the request language.',
        querystring: AssetListExportQuery,
        response: errorResponses(400, 401, 403),
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
        summary: 'A dataset (or its filtered part) as CSV, XLSX or, without exportType, PDF (logged-in users)',
        description:
          'Streams one row per asset and one column per question. A PDF holds at most MAX_PDF_EXPORT_ASSETS assets; beyond it the answer is 413.',
        body: DatasetExportBody,
        response: errorResponses(400, 401, 403, 404, 413),
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
