import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateSurveyBody,
  Survey,
  SurveyList,
  SurveyListQuery,
  SurveyParams,
  UpdateSurveyBody,
} from '@trashegimia/contract/surveys';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import { changeSurvey, createSurvey, deleteSurvey, getSurvey, listSurveys } from './surveys.service';

/**
 * Surveys (spec §7), administrators only. Under /surveys beside the assets' static paths
 * (/surveys/assets…, /surveys/dataset-respondents…), which the router prefers to `:id`.
 */
export const surveyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['surveys'],
        operationId: 'listSurveys',
        summary: 'Surveys, newest first, optionally searched by description',
        querystring: SurveyListQuery,
        response: { 200: SurveyList.describe('A page of surveys'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSurveys(db, request.auth, request.query, request.language),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['surveys'],
        operationId: 'createSurvey',
        summary: 'Create a survey',
        body: CreateSurveyBody,
        response: { 201: Survey.describe('The created survey'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createSurvey(db, request.auth, request.body, request.language);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['surveys'],
        operationId: 'getSurvey',
        summary: 'One survey with who created and last changed it',
        params: SurveyParams,
        response: { 200: Survey.describe('The survey'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSurvey(db, request.auth, request.params.id, request.language),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['surveys'],
        operationId: 'updateSurvey',
        summary: "Change a survey's state or descriptions",
        params: SurveyParams,
        body: UpdateSurveyBody,
        response: { 200: Survey.describe('The changed survey'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeSurvey(db, request.auth, request.params.id, request.body, request.language),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['surveys'],
        operationId: 'deleteSurvey',
        summary: 'Delete a survey with its questions; refused (409) while it has assets',
        params: SurveyParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteSurvey(db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
