import { PassThrough, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import { type AssetListExportQuery, type DatasetExportBody, MAX_PDF_EXPORT_ASSETS } from '@trashegimia/contract/assets';
import type { Language } from '@trashegimia/contract/common';
import type { DataLicence } from '@trashegimia/contract/system';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { BlobStore } from '../../storage/blob-store';
import { assertAdmin, assertUser } from '../auth';
import { findDatasetLastUpdate } from '../datasets';
import { assetPhotoPath, getAssetDetail, openAssetListExport, openDatasetExport } from '../assets';
import { assetListCells, assetListColumns } from './asset-list-table';
import { documentFromDetail, documentFromExportRow } from './asset-document';
import {
  assetTitle,
  createPdfDocument,
  finishPdf,
  type PdfContext,
  renderAssetPdf,
  renderAssetSection,
  renderExportCover,
} from './asset-pdf';
import { csvChunks, csvTableChunks } from './csv-writer';
import { geoJsonChunks } from './geojson-writer';
import { kmlChunks } from './kml-writer';
import {
  datasetCitation,
  dataTermsLines,
  DOCUMENT_TIME_ZONE,
  documentTexts,
  fill,
  formatCount,
} from './document-texts';
import { findDatasetColor } from './exports.repo';
import type { AssetListRow, DatasetExport, DataTerms } from './export-types';
import { attachmentDisposition } from './file-names';
import { writeCellSheet, writeXlsx } from './xlsx-writer';

/**
 * A file ready to send: its headers and a stream of its bytes; `lastModified`, when its data last
 * changed (a dataset's last update), becomes its Last-Modified header, which a CSV has nowhere else.
 */
export type Download = { contentType: string; contentDisposition: string; body: Readable; lastModified?: Date | null };

export type ExportOptions = {
  /** The licence the data is offered under, named in every PDF and workbook. */
  licence: DataLicence;
  /** Most assets a whole-dataset PDF holds (tests lower it). */
  maxPdfAssets?: number;
  now?: () => Date;
};

const CONTENT_TYPE = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  // RFC 7946 defines no charset parameter: GeoJSON is always UTF-8.
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
} as const;

/**
 * One asset as a PDF, for whoever may see the asset (the same visibility as its detail). A download
 * is not a view, so the view count stays. The first photo is included when the store has it.
 * `siteOrigin` (e.g. https://trashegimia.example) makes the address of the asset's page it cites.
 */
export async function downloadAssetPdf(
  db: Database,
  blobs: BlobStore | undefined,
  viewer: TokenClaims | null,
  id: string,
  language: Language,
  options: ExportOptions,
  siteOrigin: string,
): Promise<Download> {
  const detail = await getAssetDetail(db, viewer, id, language);
  const [color, photo, lastUpdate] = await Promise.all([
    findDatasetColor(db, detail.datasetId),
    readPhoto(db, blobs, id),
    findDatasetLastUpdate(db, detail.datasetId),
  ]);
  const context = pdfContext(language, { licence: options.licence, lastUpdate }, options.now?.());
  const asset = documentFromDetail(detail, color, language);
  return {
    contentType: CONTENT_TYPE.pdf,
    contentDisposition: attachmentDisposition(assetTitle(asset, context.texts), {
      extension: 'pdf',
      fallback: 'asset',
    }),
    // The web app's address of an asset's page (paths.asset).
    body: renderAssetPdf(asset, photo, context, `${siteOrigin}/assets/${encodeURIComponent(detail.id)}`),
  };
}

/**
 * Opens a dataset export for a logged-in account and refuses, before a byte is written, what could
 * not be written: an unknown or hidden dataset (404) or a PDF of more than `maxPdfAssets` assets
 * (413). A download link is only handed out for an export that passes.
 */
export async function openCheckedDatasetExport(
  db: Database,
  viewer: TokenClaims | null,
  body: z.output<typeof DatasetExportBody>,
  language: Language,
  options: ExportOptions,
): Promise<DatasetExport> {
  assertUser(viewer);
  const { datasetId, filters, sortBy, sortOrder, exportType: _exportType, ...range } = body;
  const data = await openDatasetExport(
    db,
    viewer,
    { datasetId, filters, range, order: { sortBy, sortOrder } },
    language,
  );
  const max = options.maxPdfAssets ?? MAX_PDF_EXPORT_ASSETS;
  if (body.exportType === undefined && data.total > max) {
    const texts = documentTexts(language);
    throw new AppError(
      413,
      'pdf_export_too_large',
      fill(texts.export.tooManyForPdf, { count: formatCount(data.total, language), max: formatCount(max, language) }),
    );
  }
  return data;
}

/**
 * The whole dataset, or the part the filters select, in the order of the list it was chosen from,
 * as CSV, XLSX, GeoJSON, KML or (no exportType) PDF: one row or feature per asset, one column or
 * property per question. All but the PDF stream batch by batch from the database to the response;
 * a PDF is capped (see openCheckedDatasetExport). Each file cites the dataset's page on `siteOrigin`.
 */
export async function exportDataset(
  db: Database,
  viewer: TokenClaims | null,
  body: z.output<typeof DatasetExportBody>,
  language: Language,
  options: ExportOptions,
  siteOrigin: string,
): Promise<Download> {
  const data = await openCheckedDatasetExport(db, viewer, body, language, options);
  const texts = documentTexts(language);
  const now = options.now?.() ?? new Date();
  const terms: DataTerms = {
    licence: options.licence,
    lastUpdate: await findDatasetLastUpdate(db, data.dataset.id),
    // The web app's address of the dataset's page (paths.dataset).
    citation: datasetCitation(data.dataset.name, `${siteOrigin}/data/${data.dataset.id}`, now, language),
  };
  const file = (contentType: string, extension: string, body: Readable): Download => ({
    contentType,
    contentDisposition: attachmentDisposition(data.dataset.name, {
      extension,
      fallback: 'dataset',
      suffix: `-${kosovoDate(now)}`,
    }),
    body,
    lastModified: terms.lastUpdate,
  });
  const streamed = (contentType: string, extension: string, chunks: AsyncIterable<string>) =>
    file(contentType, extension, Readable.from(chunks, { objectMode: false }));

  switch (body.exportType) {
    case 'CSV':
      return streamed(CONTENT_TYPE.csv, 'csv', csvChunks(data.columns, data.batches(), texts));
    case 'GEOJSON':
      return streamed(
        CONTENT_TYPE.geojson,
        'geojson',
        geoJsonChunks(data.dataset.name, data.columns, data.batches(), texts, terms),
      );
    case 'KML':
      return streamed(
        CONTENT_TYPE.kml,
        'kml',
        kmlChunks(data.dataset.name, data.columns, data.batches(), texts, dataTermsLines(terms, language).join('. ')),
      );
    case 'XLSX': {
      const stream = new PassThrough();
      writeXlsx(stream, {
        sheetName: data.dataset.name,
        columns: data.columns,
        batches: data.batches(),
        texts,
        about: { ...terms, exportedAt: now, language },
      }).catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
      return file(CONTENT_TYPE.xlsx, 'xlsx', stream);
    }
    case undefined:
      return file(
        CONTENT_TYPE.pdf,
        'pdf',
        await datasetPdf(db, data, isPartOfDataset(body), pdfContext(language, terms, now)),
      );
  }
}

/** Whether the export is of part of the dataset: filtered by answers, or within a date range or map area. */
function isPartOfDataset(body: z.output<typeof DatasetExportBody>): boolean {
  const { dateFrom, dateTo, latMin, latMax, lngMin, lngMax } = body;
  return (
    body.filters.length > 0 || [dateFrom, dateTo, latMin, latMax, lngMin, lngMax].some((bound) => bound !== undefined)
  );
}

/** The PDF of a dataset export: a cover, then a page per asset. */
async function datasetPdf(
  db: Database,
  data: DatasetExport,
  filtered: boolean,
  context: PdfContext,
): Promise<Readable> {
  // Pages stream out as they are made ('running' page numbers), so memory stays flat up to the cap.
  // Photos are left out to keep the file a sensible size.
  const color = await findDatasetColor(db, data.dataset.id);
  const dataset = { name: data.dataset.name, color };
  const doc = createPdfDocument(data.dataset.name, context, 'running');
  renderExportCover(doc, { datasetName: dataset.name, datasetColor: color, total: data.total, filtered }, context);
  void (async () => {
    for await (const batch of data.batches()) {
      for (const [index, row] of batch.entries()) {
        doc.addPage();
        renderAssetSection(doc, documentFromExportRow(row, data.columns, dataset), context);
        // Rendering is CPU work: let other requests in between.
        if (index % 50 === 49) await nextTurn();
      }
    }
    finishPdf(doc, context);
  })().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}

/**
 * GET /surveys/assets/export: every asset the back office's list filters match, as CSV or XLSX, for
 * administrators; streamed from the database batch by batch, as the dataset export is.
 */
export function exportAssetList(
  db: Database,
  viewer: TokenClaims | null,
  query: z.output<typeof AssetListExportQuery>,
  language: Language,
  options: ExportOptions,
): Download {
  assertAdmin(viewer);
  const { exportType, ...filter } = query;
  const texts = documentTexts(language);
  const batches = openAssetListExport(db, filter, language);
  const columns = assetListColumns(texts);
  const cellsOf = (row: AssetListRow) => assetListCells(row, texts);
  const title = texts.export.assetList;
  const suffix = `-${kosovoDate(options.now?.() ?? new Date())}`;

  if (exportType === 'CSV') {
    return {
      contentType: CONTENT_TYPE.csv,
      contentDisposition: attachmentDisposition(title, { extension: 'csv', fallback: 'assets', suffix }),
      body: Readable.from(
        csvTableChunks(
          columns.map((column) => column.header),
          batches(),
          cellsOf,
        ),
        { objectMode: false },
      ),
    };
  }
  const stream = new PassThrough();
  writeCellSheet(stream, { name: title, columns, batches: batches(), cellsOf }, texts.platform).catch(
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return {
    contentType: CONTENT_TYPE.xlsx,
    contentDisposition: attachmentDisposition(title, { extension: 'xlsx', fallback: 'assets', suffix }),
    body: stream,
  };
}

async function readPhoto(db: Database, blobs: BlobStore | undefined, assetId: string): Promise<Buffer | null> {
  if (!blobs) return null;
  const path = await assetPhotoPath(db, assetId);
  if (!path) return null;
  // A photo missing from the store leaves the PDF without it rather than failing the download.
  return blobs.read(path).catch(() => null);
}

function pdfContext(language: Language, terms: DataTerms, now = new Date()): PdfContext {
  return { language, texts: documentTexts(language), generatedAt: now, terms };
}

/** Today in Kosovo as yyyy-mm-dd, for file names. */
function kosovoDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: DOCUMENT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
