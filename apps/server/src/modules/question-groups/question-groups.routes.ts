import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateQuestionGroupBody,
  QuestionGroup,
  QuestionGroupList,
  QuestionGroupListQuery,
  QuestionGroupParams,
  UpdateQuestionGroupBody,
} from '@trashegimia/contract/question-groups';
import type { Database } from '../../db/client';
import { errorResponses } from '../../errors';
import {
  changeQuestionGroup,
  createQuestionGroup,
  deleteQuestionGroup,
  listQuestionGroups,
} from './question-groups.service';

/** Question groups shared by every survey (spec §7). Administrators only. */
export const questionGroupRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['question groups'],
        operationId: 'listQuestionGroups',
        summary: 'Question groups, a page at a time',
        querystring: QuestionGroupListQuery,
        response: { 200: QuestionGroupList.describe('A page of question groups'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listQuestionGroups(db, request.auth, request.query, request.language),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['question groups'],
        operationId: 'createQuestionGroup',
        summary: 'Create a question group',
        body: CreateQuestionGroupBody,
        response: { 201: QuestionGroup.describe('The created group'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createQuestionGroup(db, request.auth, request.body, request.language);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['question groups'],
        operationId: 'updateQuestionGroup',
        summary: "Change a question group's titles",
        params: QuestionGroupParams,
        body: UpdateQuestionGroupBody,
        response: { 200: QuestionGroup.describe('The changed group'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeQuestionGroup(db, request.auth, request.params.id, request.body, request.language),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['question groups'],
        operationId: 'deleteQuestionGroup',
        summary: 'Delete a question group; its questions stay, ungrouped',
        params: QuestionGroupParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteQuestionGroup(db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
