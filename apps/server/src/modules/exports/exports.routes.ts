import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataLicence } from '@trashegimia/contract/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssetListExportQuery,
  AssetParams,
  DatasetExportBody,
  DatasetExportLink,
  MAX_PDF_EXPORT_ASSETS,
} from '@trashegimia/contract/assets';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import { fileResponse } from '../../http/api-docs';
import type { BlobStore } from '../../storage/blob-store';
import { assertUser } from '../auth';
import {
  createExportLink,
  EXPORT_LINK_SECONDS,
  ExportLinkQuery,
  type ExportLinks,
  openExportLink,
} from './export-links';
import {
  type Download,
  downloadAssetPdf,
  type ExportOptions,
  exportAssetList,
  exportDataset,
  openCheckedDatasetExport,
} from './exports.service';

/** The documents' media types, as the OpenAPI document lists them (CSV is sent with `; charset=utf-8`). */
const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
} as const;

const DATASET_MEDIA_TYPES = [
  EXPORT_MEDIA_TYPES.csv,
  EXPORT_MEDIA_TYPES.xlsx,
  EXPORT_MEDIA_TYPES.pdf,
  EXPORT_MEDIA_TYPES.geojson,
  EXPORT_MEDIA_TYPES.kml,
] as const;

const DATASET_EXPORT_DESCRIPTION = `One row (GeoJSON and KML: one feature) per asset, in the order of the list the body names (sortBy, sortOrder; newest first by default), one column (property) per question, headed in the request language. A PDF holds at most ${MAX_PDF_EXPORT_ASSETS} assets; beyond it the answer is 413.`;

/** `blobs` supplies the asset photo; without it a PDF has none. `links` signs and checks download links. */
export type ExportRoutesOptions = { db: Database; blobs?: BlobStore; links: ExportLinks } & ExportOptions;

/**
 * Documents: one asset as PDF, a dataset as CSV, XLSX, GeoJSON, KML or PDF (directly, or through a
 * short-lived download link the browser follows itself), the back office's asset list as CSV or
 * XLSX. Registered under /api/surveys.
 */
export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (
  app,
  { db, blobs, links, ...options },
) => {
  const downloadPath = `${app.prefix}/dataset-respondents/export`;

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
      const download = await downloadAssetPdf(
        db,
        blobs,
        request.auth,
        request.params.id,
        request.language,
        options,
        siteOrigin(request),
      );
      return sendDownload(reply, download, options.licence);
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
    // The back office's working list, unpublished assets too: not the data the licence offers.
    async (request, reply) =>
      sendDownload(reply, exportAssetList(db, request.auth, request.query, request.language, options), null),
  );

  app.post(
    '/dataset-respondents/export',
    {
      schema: {
        tags: ['assets'],
        operationId: 'exportDataset',
        summary:
          'A dataset (or its filtered part) as CSV, XLSX, GeoJSON, KML or, without exportType, PDF (logged-in users)',
        description: `Streams the file in the answer, for API clients. ${DATASET_EXPORT_DESCRIPTION}`,
        body: DatasetExportBody,
        response: {
          200: fileResponse('The dataset as an attachment', ...DATASET_MEDIA_TYPES),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const download = await exportDataset(
        db,
        request.auth,
        request.body,
        request.language,
        options,
        siteOrigin(request),
      );
      return sendDownload(reply, download, options.licence);
    },
  );

  app.post(
    '/dataset-respondents/export-link',
    {
      schema: {
        tags: ['assets'],
        operationId: 'linkDatasetExport',
        summary: 'A short-lived download link of a dataset export (logged-in users)',
        description: `The body of POST /surveys/dataset-respondents/export, checked as that call checks it (404, 413), answered with a GET address of the file that needs no token, so a browser downloads it itself. The link is signed for the calling account and session, in the request language, and expires after ${EXPORT_LINK_SECONDS} seconds.`,
        body: DatasetExportBody,
        response: {
          200: DatasetExportLink.describe('The download link and when it expires'),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request) => {
      const { auth, authToken, body, language } = request;
      assertUser(auth);
      // Checked now, so that a refusal shows on the page rather than as a failed download.
      await openCheckedDatasetExport(db, auth, body, language, options);
      return createExportLink(links, downloadPath, { viewer: auth, tokenId: authToken!.tokenId }, body, language);
    },
  );

  app.get(
    '/dataset-respondents/export',
    {
      // A HEAD request would read every matching asset only to throw them away.
      exposeHeadRoute: false,
      schema: {
        tags: ['assets'],
        operationId: 'downloadDatasetExport',
        summary: 'A dataset export through its download link (POST …/export-link); the signature is the permission',
        description: `${DATASET_EXPORT_DESCRIPTION} 403 \`link_invalid\` for an altered link or one whose session has ended, \`link_expired\` once it has expired, \`link_other_account\` with another account's token.`,
        querystring: ExportLinkQuery,
        response: {
          200: fileResponse('The dataset as an attachment', ...DATASET_MEDIA_TYPES),
          ...errorResponses(400, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const linked = await openExportLink(links, request.query, request.auth);
      const download = await exportDataset(
        db,
        linked.viewer,
        linked.request,
        linked.language,
        options,
        siteOrigin(request),
      );
      return sendDownload(reply, download, options.licence);
    },
  );
};

/** The address the visitor reached the site at, whose pages a file cites. */
const siteOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The file, with the licence its data is offered under as a `Link` (RFC 8288) and when that data
 * last changed as `Last-Modified`, which a CSV cannot hold inside.
 */
function sendDownload(reply: FastifyReply, download: Download, licence: DataLicence | null) {
  if (licence) reply.header('link', `<${licence.url}>; rel="license"`);
  if (download.lastModified) reply.header('last-modified', download.lastModified.toUTCString());
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', download.contentDisposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(download.body);
}
