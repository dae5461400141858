import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CollectSurveys, Submission, SubmissionBody } from '@trashegimia/contract/collect';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import { contentDigest, listCollectSurveys, submitSurvey } from './collect.service';

/** The field devices' API (issue 7): surveys to fill in, and what was filled in. Accounts only. */
export const collectRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/surveys',
    {
      schema: {
        tags: ['collect'],
        operationId: 'listCollectSurveys',
        summary: 'The surveys field devices fill in, whole; 304 while the ETag a device holds still matches',
        response: {
          200: CollectSurveys.describe('The surveys with their question trees; the ETag header names this version'),
          304: z.null().describe('Unchanged since the ETag sent in If-None-Match'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const surveys = await listCollectSurveys(db, request.auth, request.language);
      const etag = `"${contentDigest(surveys)}"`;
      // Private: each account's copy; the language header changes the localized texts.
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'language');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return surveys;
    },
  );

  app.post(
    '/submissions',
    {
      schema: {
        tags: ['collect'],
        operationId: 'submitSurvey',
        summary: 'Submit a filled-in survey; sending the same uniqueId again returns the same asset',
        body: SubmissionBody,
        response: {
          201: Submission.describe('The asset made from it'),
          200: Submission.describe('The asset this uniqueId already made'),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { submission, created } = await submitSurvey(db, request.auth, request.body, request.language);
      reply.status(created ? 201 : 200);
      return submission;
    },
  );
};
