import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';
import {
  XlsFormExportParams,
  XlsFormImported,
  XlsFormImportQuery,
  XlsFormPreview,
} from '@trashegimia/contract/xlsform';
import type { Database } from '../../db/client';
import { badRequest, errorResponses } from '../../errors';
import { fileResponse } from '../../http/api-docs';
import { exportXlsForm, importXlsForm, previewXlsForm } from './xlsform.service';

/** XLSForm in and out (issue 31), registered under /api/surveys. Administrators only. */
export const xlsFormRoutes: FastifyPluginAsyncZod<{ db: Database; maxBytes: number }> = async (
  app,
  { db, maxBytes },
) => {
  // The workbook is the body, as a spreadsheet import sends it; a form is a few dozen KB.
  app.addContentTypeParser(
    IMPORT_CONTENT_TYPES.xlsx,
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/xlsform',
    {
      bodyLimit: maxBytes,
      schema: {
        tags: ['surveys'],
        operationId: 'importXlsForm',
        summary: 'Make a survey from an XLSForm workbook (the body), or with dryRun=true see what it would make',
        description:
          'Answers the questions it would make and a warning `{ sheet, row, column, message }` for everything not mapped; a real run makes a passive survey in one transaction (201). When no question can be made: 400 `xlsform_unusable` with the warnings.',
        consumes: [IMPORT_CONTENT_TYPES.xlsx],
        querystring: XlsFormImportQuery,
        response: {
          200: XlsFormPreview.describe('Dry run: the survey it would make, and the warnings'),
          201: XlsFormImported.describe('The survey made, and the warnings'),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw badRequest('file', 'Send the XLSForm workbook as the body, as an XLSX file');
      }
      if (request.query.dryRun) return previewXlsForm(request.auth, request.body);
      reply.status(201);
      return importXlsForm(db, request.auth, request.body);
    },
  );

  app.get(
    '/:id/xlsform',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['surveys'],
        operationId: 'exportXlsForm',
        summary: 'The survey as an XLSForm workbook: survey, choices and settings sheets in the three languages',
        params: XlsFormExportParams,
        response: {
          200: fileResponse('The workbook, an attachment', IMPORT_CONTENT_TYPES.xlsx),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const download = await exportXlsForm(db, request.auth, request.params.id, request.language);
      return sendWorkbook(reply, download);
    },
  );
};

// A plain reply: the download is a stream, not one of the route's JSON responses.
const sendWorkbook = (reply: FastifyReply, download: Awaited<ReturnType<typeof exportXlsForm>>) =>
  reply
    .header('content-type', IMPORT_CONTENT_TYPES.xlsx)
    .header('content-disposition', download.contentDisposition)
    .header('cache-control', 'private, no-store')
    .send(download.body);
