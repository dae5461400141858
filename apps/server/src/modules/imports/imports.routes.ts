import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateImportQuery,
  Import,
  IMPORT_CONTENT_TYPES,
  ImportMappingBody,
  ImportParams,
  ImportPreview,
} from '@trashegimia/contract/imports';
import type { Database } from '../../db/client';
import { badRequest, errorResponses } from '../../errors';
import { ImportJobs } from './import-jobs';
import { createImport, getImport, previewImport, runImport } from './imports.service';

const KIND_BY_CONTENT_TYPE = new Map<string, 'xlsx' | 'csv'>([
  [IMPORT_CONTENT_TYPES.xlsx, 'xlsx'],
  [IMPORT_CONTENT_TYPES.csv, 'csv'],
]);

/** Bulk import of spreadsheets (issue 7). Administrators only, checked before the file is read. */
export const importRoutes: FastifyPluginAsyncZod<{ db: Database; maxBytes: number }> = async (
  app,
  { db, maxBytes },
) => {
  const jobs = new ImportJobs();
  // A run still writing when the server stops finishes (or fails) before the database closes.
  app.addHook('onClose', () => jobs.drain());
  // The file is the body, read whole: a spreadsheet of tens of thousands of rows is a few MB.
  app.addContentTypeParser(
    [...KIND_BY_CONTENT_TYPE.keys()],
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/',
    {
      bodyLimit: maxBytes,
      schema: {
        tags: ['imports'],
        operationId: 'createImport',
        summary: 'Send an XLSX or CSV file (as the body, with its content type) to import into a survey and dataset',
        consumes: [IMPORT_CONTENT_TYPES.xlsx, IMPORT_CONTENT_TYPES.csv],
        querystring: CreateImportQuery,
        response: {
          201: Import.describe('The import, read: its columns, sample rows and suggested mapping'),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const kind = KIND_BY_CONTENT_TYPE.get((request.headers['content-type'] ?? '').split(';')[0]!.trim());
      if (!kind || !Buffer.isBuffer(request.body)) {
        throw badRequest('file', 'Send the file as the body, as text/csv or an XLSX workbook');
      }
      reply.status(201);
      return createImport(db, request.auth, request.query, { kind, bytes: request.body }, request.language);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['imports'],
        operationId: 'getImport',
        summary: 'An import: its columns, suggested mapping, and how far its run is',
        params: ImportParams,
        response: { 200: Import.describe('The import'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getImport(db, request.auth, jobs, request.params.id, request.language),
  );

  app.post(
    '/:id/preview',
    {
      schema: {
        tags: ['imports'],
        operationId: 'previewImport',
        summary: "Every row's problems under a column mapping; nothing is written",
        params: ImportParams,
        body: ImportMappingBody,
        response: {
          200: ImportPreview.describe('The problems found, row by row'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => previewImport(db, request.auth, request.params.id, request.body.mapping, request.language),
  );

  app.post(
    '/:id/run',
    {
      schema: {
        tags: ['imports'],
        operationId: 'runImport',
        summary: 'Import every row in one transaction, or nothing when any row has a problem; runs in the background',
        params: ImportParams,
        body: ImportMappingBody,
        response: {
          202: Import.describe('The run has started; the import shows how far it is'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return runImport(db, request.auth, jobs, request.params.id, request.body.mapping, request.language);
    },
  );
};
